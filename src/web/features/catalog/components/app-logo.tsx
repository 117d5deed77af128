import { useState } from 'react';
import type { App } from '../../../../shared/api/schemas.js';
import { useT } from '../../../lib/i18n.js';

/** The app's logo, or a placeholder (its first letter) when it has none or it fails to load. */
export function AppLogo({ app }: { app: Pick<App, 'name' | 'image' | 'imageUrl'> }) {
  const t = useT();
  const [broken, setBroken] = useState(false);
  if (app.image && app.imageUrl && !broken) {
    return (
      <img
        src={app.imageUrl}
        alt={t('catalog.card.logo', { name: app.name })}
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        className="app-logo"
        onError={() => setBroken(true)}
      />
    );
  }
  const letter = (Array.from(app.name.trim())[0] ?? '?').toUpperCase();
  return (
    <span data-testid="app-logo-placeholder" aria-hidden="true" className="app-logo">
      {letter}
    </span>
  );
}

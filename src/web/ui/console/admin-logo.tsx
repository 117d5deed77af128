import { useState } from 'react';
import { useT } from '../../lib/i18n.js';

/** A small logo for the admin lists, or the name's first letter when there is none. */
export function AdminLogo({ name, url }: { name: string; url?: string | undefined }) {
  const t = useT();
  const [broken, setBroken] = useState(false);
  if (url && !broken) {
    return (
      <img
        src={url}
        alt={t('admin.common.logoOf', { name })}
        width={32}
        height={32}
        className="size-8 shrink-0 rounded object-contain"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="bg-base-200 grid size-8 shrink-0 place-items-center rounded font-semibold"
    >
      {(Array.from(name.trim())[0] ?? '?').toUpperCase()}
    </span>
  );
}

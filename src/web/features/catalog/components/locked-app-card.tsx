import { type ReactNode } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { LockedApp } from '../../../../shared/api/access-schemas.js';
import { sectionTitle } from '../utils/sections.js';
import { useLocale, type Locale } from '../../../lib/i18n.js';
import { Lock } from '../../../ui/icons.js';
import { HighlightedName } from './app-card.js';
import { AppLogo } from './app-logo.js';
import { EnvironmentBadge } from './environment-badge.js';

export interface LockedAppCardProps {
  app: LockedApp;
  /** The request part (the access feature renders it): button, request state, withdraw. */
  access?: ReactNode;
  /** The name in parts, the highlighted ones in `<mark>` (the search's matches). */
  nameParts?: readonly { text: string; highlighted: boolean }[];
}

/**
 * "pi-imaging, group:/imaging-leads" → "pi-imaging and members of /imaging-leads", a list in the
 * page's language.
 */
function approverList(approvers: readonly string[], locale: Locale): string {
  const names = approvers.map((approver) =>
    approver.startsWith('group:')
      ? locale.t('access.locked.groupMembers', { group: approver.slice('group:'.length) })
      : approver,
  );
  return new Intl.ListFormat(locale.language, { type: 'conjunction' }).format(names);
}

/**
 * An app the signed-in user may ask for but not use yet: its name, category, environment,
 * description and logo, marked by a lock icon and the word "Locked" (with a dashed border, so
 * it never rests on colour alone). Never links, status, history or a favourite toggle: the
 * server does not even send them.
 */
export function LockedAppCard({ app, access, nameParts }: LockedAppCardProps) {
  const headingId = useId();
  const locale = useLocale();
  const { t } = locale;
  const info = app.lockedAccess;
  // One grid of its own parts, as the app card (`.app-card` and `[data-locked]` in styles.css).
  return (
    <article
      aria-labelledby={headingId}
      data-app-id={app.id}
      data-locked="true"
      className="app-card"
    >
      <AppLogo app={app} />
      <h3 id={headingId} className="app-card-name">
        {nameParts ? <HighlightedName parts={nameParts} /> : app.name}
      </h3>
      <EnvironmentBadge env={app.env} />
      <span className="app-cat">{sectionTitle(t, app.category)}</span>
      <span className={`badge badge-outline badge-sm app-lock ${Lock.mask}`}>
        {t('access.locked.badge')}
      </span>
      <p className="app-card-desc">{app.description}</p>
      {info && (info.group || info.approvers?.length || info.days) && (
        <ul className="text-base-content/75 text-xs">
          {info.group && (
            <li>
              {info.approvers?.length
                ? t('access.locked.grantedApprovedBy', {
                    group: info.group,
                    approvers: approverList(info.approvers, locale),
                  })
                : t('access.locked.grantedBy', { group: info.group })}
            </li>
          )}
          {!info.group && info.approvers?.length ? (
            <li>
              {t('access.locked.approvedBy', {
                approvers: approverList(info.approvers, locale),
              })}
            </li>
          ) : null}
          {info.days ? <li>{t('access.locked.days', { count: info.days })}</li> : null}
        </ul>
      )}
      {access}
    </article>
  );
}

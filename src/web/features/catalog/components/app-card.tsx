import { BookOpen, ExternalLink, FolderGit2 } from '../../../ui/icons.js';
import { type ReactNode } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { App } from '../../../../shared/api/schemas.js';
import { useT } from '../../../lib/i18n.js';
import { AppLogo } from './app-logo.js';
import { AppReach } from './app-reach.js';
import { EnvironmentBadge } from './environment-badge.js';

export interface AppCardProps {
  app: App;
  /** The status indicator (the status feature renders it). */
  status: ReactNode;
  /** The status row under the description (history strip, maintenance mark); its space is kept. */
  statusDetails?: ReactNode;
  /** The favorite toggle; only given to signed-in users. */
  favoriteToggle?: ReactNode;
  /** The bell that follows the app (the subscriptions feature renders it); signed-in users only. */
  follow?: ReactNode;
  /** "Report a problem" (the report feature renders it); only for signed-in users. */
  report?: ReactNode;
  /** The name in parts, the highlighted ones in `<mark>` (the search's matches). */
  nameParts?: readonly { text: string; highlighted: boolean }[];
}

/** Only web links are rendered: anything else in the catalog counts as no link. */
export function safeHref(url: string): string | undefined {
  return /^https?:\/\/\S+$/i.test(url.trim()) ? url.trim() : undefined;
}

/**
 * A link to the app's documentation or repository: one element, its icon its own drawing
 * (`Icon.mask`), its tooltip its `data-tip` (`.tip` in styles.css), its name its aria-label.
 */
function ExternalIconLink({
  href,
  label,
  tip,
  className,
}: {
  href: string;
  label: string;
  tip: string;
  className: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      data-tip={tip}
      className={`btn btn-ghost btn-sm btn-square tip ${className}`}
    />
  );
}

/** The name with the search's matches in `<mark>`. */
export function HighlightedName({ parts }: { parts: NonNullable<AppCardProps['nameParts']> }) {
  return parts.map((part, index) =>
    part.highlighted ? (
      <mark key={index} className="bg-warning text-warning-content rounded-xs">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

/**
 * One app: name, description, environment badge, logo, status, favorite toggle, bell and links to the
 * app, its documentation and its repository; where it answers when not from the visitor's
 * network, and its typed links (app-reach.tsx). Catalog text is always rendered as text.
 */
export function AppCard({
  app,
  status,
  statusDetails,
  favoriteToggle,
  follow,
  report,
  nameParts,
}: AppCardProps) {
  const t = useT();
  const headingId = useId();
  const link = safeHref(app.link ?? '');
  const doc = safeHref(app.doc);
  const repository = safeHref(app.github);
  // One grid of its own parts, no wrappers (`.app-card` in styles.css lays out both views).
  return (
    <article aria-labelledby={headingId} data-app-id={app.id} className="app-card">
      <AppLogo app={app} />
      <h3 id={headingId} className="app-card-name">
        {nameParts ? <HighlightedName parts={nameParts} /> : app.name}
      </h3>
      <EnvironmentBadge env={app.env} />
      {status}
      {favoriteToggle}
      {follow}
      {/* The catalog's text may be in another script than the page's: it sets its own direction. */}
      <p dir="auto" className="app-card-desc">
        {app.description}
      </p>
      {statusDetails}
      {doc && (
        <ExternalIconLink
          href={doc}
          label={t('catalog.card.docLabel', { name: app.name })}
          tip={t('catalog.card.docTip')}
          className={`app-doc ${BookOpen.mask}`}
        />
      )}
      {repository && (
        <ExternalIconLink
          href={repository}
          label={t('catalog.card.repoLabel', { name: app.name })}
          tip={t('catalog.card.repoTip')}
          className={`app-repo ${FolderGit2.mask}`}
        />
      )}
      {link && (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('catalog.card.openLabel', { name: app.name })}
          className={`btn btn-primary btn-sm app-open ${ExternalLink.mask}`}
        >
          {t('catalog.card.open')}
        </a>
      )}
      <AppReach app={app} />
      {report}
    </article>
  );
}

import { BookOpen, ExternalLink, FolderGit2 } from '../../../ui/icons.js';
import { type ReactNode } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { App } from '../../../../shared/api/schemas.js';
import { useT } from '../../../lib/i18n.js';
import { AppLogo } from './app-logo.js';
import { EnvironmentBadge } from './environment-badge.js';

export interface AppCardProps {
  app: App;
  /** The status indicator (the status feature renders it). */
  status: ReactNode;
  /** The status row under the description (history strip, maintenance mark); its space is kept. */
  statusDetails?: ReactNode;
  /** The favorite toggle; only given to signed-in users. */
  favoriteToggle?: ReactNode;
  /** The name in parts, the highlighted ones in `<mark>` (the search's matches). */
  nameParts?: readonly { text: string; highlighted: boolean }[];
}

/** Only web links are rendered: anything else in the catalog counts as no link. */
export function safeHref(url: string): string | undefined {
  return /^https?:\/\/\S+$/i.test(url.trim()) ? url.trim() : undefined;
}

function ExternalIconLink({
  href,
  label,
  tip,
  children,
}: {
  href: string;
  label: string;
  tip: string;
  children: ReactNode;
}) {
  return (
    <span className="tooltip" data-tip={tip}>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        className="btn btn-ghost btn-sm btn-square"
      >
        {children}
      </a>
    </span>
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
 * One app: name, description, environment badge, logo, status, favorite toggle and links to the
 * app, its documentation and its repository. Catalog text is always rendered as text.
 */
export function AppCard({ app, status, statusDetails, favoriteToggle, nameParts }: AppCardProps) {
  const t = useT();
  const headingId = useId();
  const link = safeHref(app.link);
  const doc = safeHref(app.doc);
  const repository = safeHref(app.github);
  return (
    // Off-screen cards skip layout and paint until scrolled near (content-visibility), keeping
    // the size they last had: a catalog of hundreds of cards costs the first screen little.
    <article
      aria-labelledby={headingId}
      data-app-id={app.id}
      className="card bg-base-100 border-base-300 h-full border shadow-sm [contain-intrinsic-size:auto_13rem] [content-visibility:auto]"
    >
      <div className="card-body gap-3 p-5">
        <div className="flex items-start gap-3">
          <AppLogo app={app} />
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="text-base leading-snug font-semibold break-words">
              {nameParts ? <HighlightedName parts={nameParts} /> : app.name}
            </h3>
            <EnvironmentBadge env={app.env} />
          </div>
          <div className="flex shrink-0 items-center gap-1">
            {status}
            {favoriteToggle}
          </div>
        </div>
        {/* The catalog's text may be in another script than the page's: it sets its own direction. */}
        <p dir="auto" className="text-base-content/80 flex-1 text-sm break-words">
          {app.description}
        </p>
        {statusDetails}
        <div className="card-actions items-center justify-end">
          {doc && (
            <ExternalIconLink
              href={doc}
              label={t('catalog.card.docLabel', { name: app.name })}
              tip={t('catalog.card.docTip')}
            >
              <BookOpen aria-hidden="true" className="size-4" />
            </ExternalIconLink>
          )}
          {repository && (
            <ExternalIconLink
              href={repository}
              label={t('catalog.card.repoLabel', { name: app.name })}
              tip={t('catalog.card.repoTip')}
            >
              <FolderGit2 aria-hidden="true" className="size-4" />
            </ExternalIconLink>
          )}
          {link && (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('catalog.card.openLabel', { name: app.name })}
              className="btn btn-primary btn-sm"
            >
              {t('catalog.card.open')}
              <ExternalLink aria-hidden="true" className="size-4 rtl:[scale:-1_1]" />
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

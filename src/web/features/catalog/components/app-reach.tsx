import type { App } from '../../../../shared/api/schemas.js';
import { eitherOf } from '../../../lib/either-of.js';
import { useT } from '../../../lib/i18n.js';

/** Only web links, and for a support contact a mailto: address, are rendered. */
function hrefOf(url: string, mail: boolean): string | undefined {
  const trimmed = url.trim();
  if (/^https?:\/\/\S+$/i.test(trimmed)) return trimmed;
  return mail && /^mailto:[^\s@]+@\S+$/i.test(trimmed) ? trimmed : undefined;
}

/** Typed links shown on the card; the rest behind "More links", so a card stays lean. */
export const SHOWN_LINKS = 3;

/**
 * Where the app answers and its typed links (docs/networks.md, "What visitors see"): when no
 * address works from the visitor's network (`link` null), the networks it answers on and how to
 * connect; then its support, status page, client download and other links. One row of
 * links, below the card's own row of links; nothing when the app has neither.
 */
export function AppReach({ app }: { app: App }) {
  const t = useT();
  const onlyFrom = app.link === null ? app.onlyFrom : undefined;
  const links = (app.links ?? []).flatMap((link) => {
    const href = hrefOf(link.url, link.kind === 'support');
    return href ? [{ ...link, href }] : [];
  });
  if (!onlyFrom && links.length === 0) return null;
  const help = onlyFrom?.help === undefined ? undefined : hrefOf(onlyFrom.help, false);
  const anchor = (link: (typeof links)[number], index: number) => {
    const text = link.label ?? t(`catalog.card.link.${link.kind}`);
    return (
      <a
        key={index}
        href={link.href}
        target={link.href.startsWith('mailto:') ? undefined : '_blank'}
        rel="noopener noreferrer"
        aria-label={t('catalog.card.linkLabel', { link: text, name: app.name })}
        data-kind={link.kind}
        className="link"
      >
        {text}
      </a>
    );
  };
  const more = links.slice(SHOWN_LINKS);
  return (
    <div dir="auto" className="app-reach">
      {onlyFrom &&
        t('catalog.card.onlyFrom', {
          networks: eitherOf(t, onlyFrom.networks),
        })}
      {help && (
        <a
          href={help}
          target="_blank"
          rel="noopener noreferrer"
          title={onlyFrom?.helpText}
          className="link"
        >
          {t('catalog.card.howToConnect')}
        </a>
      )}
      {links.slice(0, SHOWN_LINKS).map(anchor)}
      {more.length > 0 && (
        <details className="app-more-links">
          <summary>{t('catalog.card.moreLinks', { count: String(more.length) })}</summary>
          {more.map(anchor)}
        </details>
      )}
    </div>
  );
}

import {
  CircleCheck,
  CircleHelp,
  CircleX,
  Clock,
  History,
  Wrench,
  type Icon,
} from '../../../ui/icons.js';
import { statusKind, type StatusKind } from '../../../../shared/status/status-codes.js';
import { useLocale, type Locale } from '../../../lib/i18n.js';
import { statusLabel } from '../utils/status-text.js';

type IndicatorKind = StatusKind | 'unknown' | 'stale';

/** Each state differs by icon shape as well as colour; content colours keep the icon readable. */
const LOOK: Record<IndicatorKind, { Icon: Icon; className: string }> = {
  up: { Icon: CircleCheck, className: 'bg-success text-success-content' },
  down: { Icon: CircleX, className: 'bg-error text-error-content' },
  pending: { Icon: Clock, className: 'bg-warning text-warning-content' },
  maintenance: { Icon: Wrench, className: 'bg-info text-info-content' },
  unknown: { Icon: CircleHelp, className: 'bg-base-300 text-base-content' },
  stale: { Icon: History, className: 'bg-base-300 text-base-content' },
};

/** "10:42" today, else "Mar 3, 10:42", in the page's language. */
function when(locale: Locale, checkedAt: string): string | undefined {
  const date = new Date(checkedAt);
  if (Number.isNaN(date.getTime())) return undefined;
  const sameDay = date.toDateString() === new Date().toDateString();
  return locale.formatDate(date, {
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * An app's up/down indicator. The label (`Down`, `Up & Running`, `Pending`, `Maintenance`, or
 * `Unknown` without monitor data) is its accessible name and its tooltip. It is focusable so
 * keyboard users can bring up the tooltip too. A stale status (the monitor cannot read its
 * source) is shown as out of date, with the last known state and when it was checked: never as
 * "Down", never as if it were current.
 */
export function StatusIndicator({
  code,
  details,
  stale = false,
  checkedAt,
  where,
}: {
  code: number | undefined;
  /**
   * The networks the app answers on, when the visitor is on none of them (docs/networks.md,
   * "Status in context"): the monitor checked it from inside, so the label says where
   * ("Up & Running (on Campus network)").
   */
  where?: string;
  /** Follows the label in the tooltip: since when and the response time ("for 12 min · 87 ms"). */
  details?: string;
  stale?: boolean;
  checkedAt?: string;
}) {
  const locale = useLocale();
  const { t } = locale;
  const known: IndicatorKind = code === undefined ? 'unknown' : statusKind(code);
  const kind: IndicatorKind = stale && known !== 'unknown' ? 'stale' : known;
  const checked = kind === 'stale' && checkedAt ? when(locale, checkedAt) : undefined;
  const label =
    kind === 'stale'
      ? checked
        ? t('status.stale.checked', {
            status: statusLabel(locale, known as StatusKind),
            when: checked,
          })
        : t('status.stale', { status: statusLabel(locale, known as StatusKind) })
      : kind === 'unknown' || where === undefined
        ? statusLabel(locale, kind)
        : t('status.label.where', { label: statusLabel(locale, kind), networks: where });
  const { Icon, className } = LOOK[kind];
  // One element: the icon is its own (bold) drawing, painted by `.status-dot`, and the tooltip
  // is its `data-tip` (`.tip`), without wrappers (styles.css).
  return (
    <span
      role="img"
      aria-label={label}
      tabIndex={0}
      data-status={kind}
      data-tip={details ? t('status.tooltip', { label, details }) : label}
      className={`status-dot tip ${Icon.mask} icon-bold ${className}`}
    />
  );
}

import { CircleCheck, CircleHelp, CircleX, Clock, Wrench, type LucideIcon } from 'lucide-react';
import {
  statusKind,
  STATUS_LABELS,
  type StatusKind,
} from '../../../../shared/status/status-codes.js';

/** Shown when the monitor has no data for an app (not "up": we do not know). */
export const UNKNOWN_STATUS_LABEL = 'Unknown';

type IndicatorKind = StatusKind | 'unknown';

/** Each state differs by icon shape as well as colour; content colours keep the icon readable. */
const LOOK: Record<IndicatorKind, { Icon: LucideIcon; className: string }> = {
  up: { Icon: CircleCheck, className: 'bg-success text-success-content' },
  down: { Icon: CircleX, className: 'bg-error text-error-content' },
  pending: { Icon: Clock, className: 'bg-warning text-warning-content' },
  maintenance: { Icon: Wrench, className: 'bg-info text-info-content' },
  unknown: { Icon: CircleHelp, className: 'bg-base-300 text-base-content' },
};

/**
 * An app's up/down indicator. The label (`Down`, `Up & Running`, `Pending`, `Maintenance`, or
 * `Unknown` without monitor data) is its accessible name and its tooltip. It is focusable so
 * keyboard users can bring up the tooltip too.
 */
export function StatusIndicator({
  code,
  details,
}: {
  code: number | undefined;
  /** Follows the label in the tooltip: since when and the response time ("for 12 min · 87 ms"). */
  details?: string;
}) {
  const kind: IndicatorKind = code === undefined ? 'unknown' : statusKind(code);
  const label = kind === 'unknown' ? UNKNOWN_STATUS_LABEL : STATUS_LABELS[kind];
  const { Icon, className } = LOOK[kind];
  return (
    <span className="tooltip tooltip-left" data-tip={details ? `${label} ${details}` : label}>
      <span
        role="img"
        aria-label={label}
        tabIndex={0}
        data-status={kind}
        className={`inline-flex size-7 items-center justify-center rounded-full ${className}`}
      >
        <Icon aria-hidden="true" className="size-4" strokeWidth={2.5} />
      </span>
    </span>
  );
}

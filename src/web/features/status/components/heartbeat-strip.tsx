import { useId } from '../../../ui/use-id.js';
import { stripState } from '../../../../shared/status/describe.js';
import type { HistoryState } from '../../../../shared/status/history.js';

const SLOT = 5;
const HEIGHT = 16;

/**
 * How each state is drawn. Height tells them apart without colour: up is a full bar, pending
 * three quarters, down a low stub (a dip), maintenance a full hatched bar, unknown a thin line.
 */
const SHAPES: Record<HistoryState, { height: number; className: string; hatched?: boolean }> = {
  up: { height: HEIGHT, className: 'fill-success' },
  pending: { height: 12, className: 'fill-warning' },
  down: { height: 6, className: 'fill-error' },
  maintenance: { height: HEIGHT, className: 'fill-info', hatched: true },
  unknown: { height: 2, className: 'fill-base-300' },
};

/**
 * A strip of bars, one per bucket, oldest at the start of the line (on the left, on the right
 * in a language written right to left: time runs as the text does). Decorative for assistive
 * technology: whoever shows it also gives its facts as text.
 */
export function HeartbeatStrip({
  states,
  className = 'h-4 w-full',
}: {
  states: readonly HistoryState[];
  className?: string;
}) {
  const patternId = `hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${states.length * SLOT} ${HEIGHT}`}
      preserveAspectRatio="none"
      className={`${className} rtl:[scale:-1_1]`}
    >
      <defs>
        <pattern id={patternId} width="3" height="3" patternUnits="userSpaceOnUse">
          <rect width="3" height="3" className="fill-info" />
          <path d="M0 3 L3 0" className="stroke-info-content" strokeWidth="1" />
        </pattern>
      </defs>
      {states.map((state, index) => {
        const shape = SHAPES[state];
        return (
          <rect
            key={index}
            data-state={state}
            x={index * SLOT}
            y={HEIGHT - shape.height}
            width={SLOT - 1}
            height={shape.height}
            rx="1"
            className={shape.hatched ? undefined : shape.className}
            fill={shape.hatched ? `url(#${patternId})` : undefined}
          />
        );
      })}
    </svg>
  );
}

/** The states of a strip text from GET /api/status-history. */
export function statesOfStrip(strip: string): HistoryState[] {
  return [...strip].map(stripState);
}

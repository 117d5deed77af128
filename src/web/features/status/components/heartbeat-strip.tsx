import type { CSSProperties } from 'react';
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

/**
 * The card's strip without elements of its own: the same bars, painted by the `.app-strip` rule of
 * styles.css in its element's `::before` from these custom properties. One background layer per
 * state that occurs (its colour where the state's runs are, transparent elsewhere), as high as the
 * state's bar and standing on the baseline; maintenance adds a line across its bars (the SVG's
 * hatching); `--slots` cuts the layers into bars (a mask). A strip of 48 bars is a few hundred
 * bytes of style instead of 50 SVG elements per card.
 */
export function stripStyle(states: readonly HistoryState[]): CSSProperties {
  const slots = states.length || 1;
  const at = (index: number) => `${+((index * 100) / slots).toFixed(3)}%`;
  const layers: string[] = [];
  const sizes: string[] = [];
  const places: string[] = [];
  const layer = (state: HistoryState, colour: string, size: string, place: string) => {
    // Each run of the state: transparent up to its start, then its colour up to its end (hard
    // stops: a position at 0 starts where the last one ended).
    const stops: string[] = [];
    for (let start = 0; start < states.length; start += 1) {
      if (states[start] !== state) continue;
      let end = start;
      while (states[end + 1] === state) end += 1;
      stops.push(`#0000 0 ${at(start)}`, `${colour} 0 ${at(end + 1)}`);
      start = end;
    }
    if (stops.length === 0) return;
    layers.push(`linear-gradient(90deg,${stops.join(',')},#0000 0)`);
    sizes.push(size);
    places.push(place);
  };
  // The first layer is drawn on top: the maintenance line over its bars.
  layer('maintenance', 'var(--color-info-content)', '100% 2px', '0 50%');
  for (const [state, { height, className }] of Object.entries(SHAPES)) {
    const colour = `var(--color-${className.slice('fill-'.length)})`;
    layer(state as HistoryState, colour, `100% ${(height * 100) / HEIGHT}%`, '0 100%');
  }
  return {
    '--strip': layers.join(',') || 'none',
    '--strip-size': sizes.join(',') || 'auto',
    '--strip-place': places.join(',') || '0 0',
    '--slots': String(slots),
  } as CSSProperties;
}

/** The states of a strip text from GET /api/status-history. */
export function statesOfStrip(strip: string): HistoryState[] {
  return [...strip].map(stripState);
}

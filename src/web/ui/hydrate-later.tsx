import { Component, Suspense, type ReactNode } from 'react';
import { IdScoped } from './use-id.js';

/**
 * Hydration in turns (issue 26, decision 0039). Hydrating the whole server-rendered page in one go
 * is one long task on a slow phone (150 ms for 13 cards, 600 ms for 500 under a 4x slower CPU):
 * taps and keys wait for it. Parts wrapped in <HydrateLater> keep the server's markup as it is
 * while the rest hydrates, then hydrate a few at a time, one browser task per turn, in document
 * order, so no task is long.
 *
 * How: during the first hydration a part suspends (throws a promise, caught by its own
 * <Suspense>). React and Preact keep a suspended part's server markup on screen and hydrate it
 * once the promise resolves; `hydrateInTurns` resolves them turn by turn. Until its turn a part
 * shows the server's HTML, which works without the app (links, forms); controls that need the
 * app stay disabled until then (useHydrated). Outside the first hydration (a page the browser
 * renders itself, tests, any later render) a part renders at once.
 *
 * A wrapped part must render exactly one element (a card, the header, the footer): that element
 * is the markup kept while it waits. Its ids come from use-id.tsx, numbered within the part.
 */

/**
 * How much hydration work one turn takes, in cards: a card takes 5-8 ms on a 4x slower phone
 * (traces of bench:web), so a turn stays under 50 ms with what else runs in its task.
 */
export const TURN_WEIGHT = 5;

interface Turn {
  weight: number;
  released: boolean;
  promise: Promise<void>;
  release(): void;
}

/** Set only while the first hydration runs (synchronously, inside hydrateInTurns). */
let hydrating = false;
/** The turns of that hydration, in document order. */
let turns: Turn[] = [];

function newTurn(): Turn {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  const turn: Turn = {
    weight: 0,
    released: false,
    promise,
    release: () => {
      turn.released = true;
      resolve();
    },
  };
  turns.push(turn);
  return turn;
}

/** The turn a part hydrates in: the last one while it has room for the part's weight. */
function takeTurn(weight: number): Turn {
  const last = turns.at(-1);
  const turn = last && last.weight + weight <= TURN_WEIGHT ? last : newTurn();
  turn.weight += weight;
  return turn;
}

interface GateProps {
  weight: number;
  children: ReactNode;
}

/**
 * Suspends until its turn. A class, so that the turn it took stays with it when its parent
 * renders again before that turn (a store update): it keeps waiting rather than hydrating then.
 */
class Gate extends Component<GateProps> {
  private readonly turn = hydrating ? takeTurn(this.props.weight) : null;

  override render() {
    if (this.turn && !this.turn.released) throw this.turn.promise;
    return this.props.children;
  }
}

/**
 * Hydrates `children` (one element) in a later turn of the first hydration; renders it at once
 * otherwise. `weight`: its hydration work in cards (a card is 1).
 */
export function HydrateLater({ weight = 1, children }: { weight?: number; children: ReactNode }) {
  // The part's ids are its own (use-id.tsx): they do not depend on when it renders.
  return (
    <IdScoped>
      <Suspense fallback={null}>
        <Gate weight={Math.max(1, Math.min(weight, TURN_WEIGHT))}>{children}</Gate>
      </Suspense>
    </IdScoped>
  );
}

/** Lets the browser paint and handle input before the next turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `hydrate` (e.g. () => hydrateRoot(root, app)) with the parts wrapped in <HydrateLater>
 * left for later, then hydrates them turn by turn, each in a task of its own. Resolves once
 * every part is hydrated.
 */
export async function hydrateInTurns(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  const waiting = turns;
  turns = [];
  for (const turn of waiting) {
    await nextTask();
    // The part renders in this task: resolving queues its render as a microtask.
    turn.release();
  }
  await nextTask();
}

import { Component, createContext, Suspense, useContext, type ReactNode } from 'react';
import { IdScoped } from './use-id.js';

/**
 * Hydration in turns (decision 0039). Hydrating the whole server-rendered page in one go
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
 *
 * Parts nest: a part inside a part that waited (the cards of a category's section) is not even
 * rendered until its parent's turn; it then takes a turn of its own, right after its parent's,
 * so the first task does not pay for every card of the page, only for its sections.
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
/** Set from the first hydration until its last turn has run. */
let inTurns = false;
/** The turns of that hydration, in document order. */
let turns: Turn[] = [];
/**
 * Where a new turn goes: at the end during the first hydration; right after the turn being run
 * during a turn (a waiting part's own parts, rendered in its turn, come before the next parts).
 */
let insertAt = 0;

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
  turns.splice(insertAt, 0, turn);
  insertAt += 1;
  return turn;
}

/** The turn a part hydrates in: the one taken last while it has room for the part's weight. */
function takeTurn(weight: number): Turn {
  const last = turns[insertAt - 1];
  const turn = last && !last.released && last.weight + weight <= TURN_WEIGHT ? last : newTurn();
  turn.weight += weight;
  return turn;
}

/** True inside a part that waited for its turn: its own parts take turns too. */
const WaitedContext = createContext(false);

interface GateProps {
  weight: number;
  /** Inside a part that waited (WaitedContext). */
  nested: boolean;
  children: ReactNode;
}

/**
 * Suspends until its turn. A class, so that the turn it took stays with it when its parent
 * renders again before that turn (a store update): it keeps waiting rather than hydrating then.
 */
class Gate extends Component<GateProps> {
  private readonly turn =
    hydrating || (inTurns && this.props.nested) ? takeTurn(this.props.weight) : null;

  override render() {
    if (this.turn && !this.turn.released) throw this.turn.promise;
    return (
      <WaitedContext.Provider value={this.turn !== null}>
        {this.props.children}
      </WaitedContext.Provider>
    );
  }
}

/**
 * Hydrates `children` (one element) in a later turn of the first hydration; renders it at once
 * otherwise. `weight`: its hydration work in cards (a card is 1).
 */
export function HydrateLater({ weight = 1, children }: { weight?: number; children: ReactNode }) {
  const nested = useContext(WaitedContext);
  // The part's ids are its own (use-id.tsx): they do not depend on when it renders.
  return (
    <IdScoped>
      <Suspense fallback={null}>
        <Gate weight={Math.max(1, Math.min(weight, TURN_WEIGHT))} nested={nested}>
          {children}
        </Gate>
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
  turns = [];
  insertAt = 0;
  inTurns = true;
  try {
    hydrating = true;
    try {
      hydrate();
    } finally {
      hydrating = false;
    }
    // `turns` grows while it runs: a part's own parts take turns when it renders, so the count
    // is read only after the last turn's render (a microtask) has run.
    for (let index = 0; ; index += 1) {
      await nextTask();
      const turn = turns[index];
      if (!turn) break;
      insertAt = index + 1;
      // The part renders in this task: resolving queues its render as a microtask.
      turn.release();
    }
  } finally {
    inTurns = false;
    turns = [];
    insertAt = 0;
  }
}

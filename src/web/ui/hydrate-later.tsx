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
 *
 * No click is lost (selective hydration): a part may have a `name`, the `data-app-id` or the `id`
 * of the element it renders. A click on a button inside named parts that have not hydrated yet
 * (the heart of a card far down the page) is held: those parts hydrate first, out of their turn
 * (the section, then the card in it), and the click is then given to the same button, now live.
 * Links, disclosures and forms work without the app and are left to the browser. Clicks made
 * before the app even ran (held by the page's first script, start.ts) are given back the same way.
 */

/**
 * How much hydration work one turn takes, in cards: a card takes 5-8 ms on a 4x slower phone
 * (traces of bench:web), so a turn stays under 50 ms with what else runs in its task.
 */
export const TURN_WEIGHT = 5;

interface Turn {
  weight: number;
  /** The names of the parts that hydrate in this turn. */
  names: string[];
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
    names: [],
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
function takeTurn(weight: number, name: string | undefined): Turn {
  const last = turns[insertAt - 1];
  const turn = last && !last.released && last.weight + weight <= TURN_WEIGHT ? last : newTurn();
  turn.weight += weight;
  if (name !== undefined) turn.names.push(name);
  return turn;
}

/**
 * Told to the document once the first hydration listens for clicks: the page's first script
 * (start.ts, which names it too: it cannot import the app) then gives back the clicks it held.
 */
export const HYDRATING_EVENT = 'portal:hydrating';

/** The button a click is for when the app must handle it: not a link's, nor a form's submit. */
function appButtonOf(target: EventTarget | null): HTMLElement | null {
  const element = target instanceof Element ? target : null;
  const button = element?.closest<HTMLElement>('button, [role="button"]');
  if (!button || button.closest('a[href], summary')) return null;
  if (button instanceof HTMLButtonElement && button.type === 'submit' && button.form) return null;
  return button;
}

/** The names that `element` and its ancestors could have as parts, outermost first. */
function namesAround(element: Element): string[] {
  const names: string[] = [];
  for (let at: Element | null = element; at; at = at.parentElement) {
    const name = at.getAttribute('data-app-id') ?? at.id;
    if (name) names.unshift(name);
  }
  return names;
}

/** The turns not yet run of parts named `name`. */
const waitingFor = (name: string) =>
  turns.filter((turn) => !turn.released && turn.names.includes(name));

/**
 * Holds a click on a button of named parts that have not hydrated, hydrates them (outermost
 * first: a card's turn exists only once its section has rendered) and clicks the button again.
 */
function hydrateFirst(event: MouseEvent): void {
  const button = appButtonOf(event.target);
  if (!button) return;
  const names = namesAround(button);
  if (!names.some((name) => waitingFor(name).length > 0)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  void (async () => {
    for (const name of names) {
      const waiting = waitingFor(name);
      if (waiting.length === 0) continue;
      for (const turn of waiting) turn.release();
      // The part renders (a microtask); its own parts take their turns meanwhile.
      await nextTask();
    }
    if (button.isConnected) button.click();
  })();
}

/** True inside a part that waited for its turn: its own parts take turns too. */
const WaitedContext = createContext(false);

interface GateProps {
  weight: number;
  name: string | undefined;
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
    hydrating || (inTurns && this.props.nested)
      ? takeTurn(this.props.weight, this.props.name)
      : null;

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
 * otherwise. `weight`: its hydration work in cards (a card is 1). `name`: the `data-app-id` or
 * `id` of the element it renders, so that a click inside it hydrates it first.
 */
export function HydrateLater({
  weight = 1,
  name,
  children,
}: {
  weight?: number;
  name?: string;
  children: ReactNode;
}) {
  const nested = useContext(WaitedContext);
  // The part's ids are its own (use-id.tsx): they do not depend on when it renders.
  return (
    <IdScoped>
      <Suspense fallback={null}>
        <Gate weight={Math.max(1, Math.min(weight, TURN_WEIGHT))} name={name} nested={nested}>
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
  // Before the app's own listeners: it sees a click first.
  document.addEventListener('click', hydrateFirst, true);
  try {
    hydrating = true;
    try {
      hydrate();
    } finally {
      hydrating = false;
    }
    // The clicks the page's first script held before the app ran (start.ts) are given back now:
    // each hydrates its card first (hydrateFirst).
    document.dispatchEvent(new Event(HYDRATING_EVENT));
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
    document.removeEventListener('click', hydrateFirst, true);
    inTurns = false;
    turns = [];
    insertAt = 0;
  }
}

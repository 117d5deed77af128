import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Ids for `id`, `aria-controls`, `aria-labelledby` and the like that are the same on the server
 * and in the browser although the browser hydrates the page in turns (hydrate-later.tsx).
 *
 * React's and Preact's `useId` number ids in render order. The server renders the page in
 * document order, while the browser renders the parts left for later (the header, the cards)
 * after the rest: numbered by render order, a menu's `aria-controls` would name a panel id the
 * browser then gives another number. Here each part has a scope of its own, numbered when the
 * part is first rendered (in document order on both sides: the parts themselves render at once,
 * only their content waits), and ids count within their scope. Use this `useId`, never React's
 * (an ESLint rule says so).
 */
interface IdScope {
  readonly prefix: string;
  next: number;
}

/** Outside any scope (a component rendered alone, in tests): ids unique in the page. */
const IdScopeContext = createContext<IdScope>({ prefix: 'id-x', next: 0 });

/** A scope inside the current one, taken once by the component that calls it. */
function useChildScope(): IdScope {
  const parent = useContext(IdScopeContext);
  const [scope] = useState<IdScope>(() => ({
    prefix: `${parent.prefix}-${parent.next++}`,
    next: 0,
  }));
  return scope;
}

/** The scope the app's ids start from: one per rendered page (server) or mounted app (browser). */
export function IdRoot({ children }: { children: ReactNode }) {
  const [scope] = useState<IdScope>(() => ({ prefix: 'id', next: 0 }));
  return <IdScopeContext.Provider value={scope}>{children}</IdScopeContext.Provider>;
}

/** Gives `children` a scope of their own (a part that renders later than its place). */
export function IdScoped({ children }: { children: ReactNode }) {
  const scope = useChildScope();
  return <IdScopeContext.Provider value={scope}>{children}</IdScopeContext.Provider>;
}

/** An id unique in the page, the same on the server and after hydration. */
export function useId(): string {
  const scope = useContext(IdScopeContext);
  const [id] = useState(() => `${scope.prefix}-${scope.next++}`);
  return id;
}

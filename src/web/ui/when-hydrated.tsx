import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated.js';

/**
 * Renders `children` only once this place itself is hydrated: nothing while rendering on the
 * server and while hydrating. For a part the server never renders (a lazily loaded one) inside a
 * part that hydrates in a later turn (hydrate-later.tsx): by its turn the part's chunk may have
 * arrived, and rendering it while hydrating would find no markup of it.
 */
export function WhenHydrated({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

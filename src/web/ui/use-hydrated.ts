import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while rendering on the server and while hydrating its markup, true afterwards (and from
 * the start when the page was not rendered on the server). Lets a component send plain HTML that
 * works without JavaScript (a link) and enhance it once the app runs, without a hydration
 * mismatch. Controls that only work with the app (menus, favorites, the search box) are
 * disabled until then: a click before the app runs would be lost, and browser automation waits
 * for them to be enabled.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

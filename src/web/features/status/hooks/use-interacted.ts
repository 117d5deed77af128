import { useSyncExternalStore } from 'react';

/**
 * Whether the visitor has done anything with the page yet (decision 0057). The status texts that only
 * `Intl` can write (durations, days, response times) wait for it on a server-rendered page: the
 * first `Intl` object costs the browser 40-120 ms of its language data, which the load should
 * not pay. Until then the page shows what the server formatted (the notices' periods) and the
 * uptimes in the server's digits (i18n.tsx, plainPercent); the tooltips and screen-reader
 * details that need more come with the first pointer, key, touch or focus, which is before
 * anyone can read them.
 *
 * True from the start (the server, component tests, a page the browser renders itself): only
 * boot/mount.tsx, hydrating a server-rendered page, makes it wait (`waitForInteraction`).
 */
let interacted = true;
const listeners = new Set<() => void>();

/** What counts as the first interaction: before any click, key press or tooltip shows. */
const EVENTS = ['pointerdown', 'pointerover', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * From now until the visitor's first pointer, key, touch or focus on `target`, `useInteracted()`
 * is false. Returns a function that ends the wait at once (tests).
 */
export function waitForInteraction(target: EventTarget = document): () => void {
  interacted = false;
  const done = () => {
    for (const type of EVENTS) target.removeEventListener(type, done, true);
    if (interacted) return;
    interacted = true;
    for (const listener of [...listeners]) listener();
  };
  // Captured before the page's own handlers: a click's texts are written before it acts.
  for (const type of EVENTS) target.addEventListener(type, done, { capture: true, passive: true });
  return done;
}

/** Whether the status texts may be written with the browser's `Intl` (see above). */
export function hasInteracted(): boolean {
  return interacted;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** `hasInteracted()` for a component, which renders again when the first interaction comes. */
export function useInteracted(): boolean {
  // The same while hydrating: the server (never waiting) formats; the browser keeps its texts.
  return useSyncExternalStore(subscribe, hasInteracted, hasInteracted);
}

/**
 * Moves the focus to `target()` after the next frame (once what had it, a closed form say, is
 * gone), unless it went somewhere else meanwhile: a dialog opened by a quick click keeps it.
 */
export function focusAfterFrame(target: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) target()?.focus();
  });
}

/** What the focus shortcut reads from a key press (a `KeyboardEvent` has all of it). */
export type ShortcutKey = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing' | 'defaultPrevented'
>;

/** `/`, `Ctrl+K` or `Cmd+K`: the keys that focus the search from anywhere on the page. */
export function isSearchShortcut(event: ShortcutKey): boolean {
  if (event.defaultPrevented || event.isComposing || event.altKey) return false;
  if (event.key === '/') return !event.ctrlKey && !event.metaKey;
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
}

/** Input types that take no typing: a shortcut pressed on them still works. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** True when key presses on `target` are someone typing (the shortcut must not steal them). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return false;
}

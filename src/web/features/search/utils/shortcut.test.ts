import { describe, expect, it } from 'vitest';
import { isSearchShortcut, isTypingTarget, type ShortcutKey } from './shortcut.js';

const key = (overrides: Partial<ShortcutKey>): ShortcutKey => ({
  key: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isComposing: false,
  defaultPrevented: false,
  ...overrides,
});

describe('isSearchShortcut', () => {
  it.each([
    ['/', key({ key: '/' }), true],
    ['Ctrl+K', key({ key: 'k', ctrlKey: true }), true],
    ['Cmd+K', key({ key: 'k', metaKey: true }), true],
    ['Ctrl+Shift+K (K)', key({ key: 'K', ctrlKey: true }), true],
    ['k alone', key({ key: 'k' }), false],
    ['Ctrl+/', key({ key: '/', ctrlKey: true }), false],
    ['Alt+/', key({ key: '/', altKey: true }), false],
    ['Ctrl+Alt+K', key({ key: 'k', ctrlKey: true, altKey: true }), false],
    ['/ while composing', key({ key: '/', isComposing: true }), false],
    ['/ already handled', key({ key: '/', defaultPrevented: true }), false],
  ])('%s: %s', (_name, event, expected) => {
    expect(isSearchShortcut(event)).toBe(expected);
  });
});

describe('isTypingTarget', () => {
  const element = (html: string) => {
    const container = document.createElement('div');
    container.innerHTML = html;
    return container.firstElementChild;
  };

  it.each([
    ['<input>', true],
    ['<input type="search">', true],
    ['<input type="email">', true],
    ['<textarea></textarea>', true],
    ['<select></select>', true],
    ['<input type="checkbox">', false],
    ['<input type="button">', false],
    ['<button>x</button>', false],
    ['<a href="/">x</a>', false],
    ['<div>x</div>', false],
  ])('%s: %s', (html, expected) => {
    expect(isTypingTarget(element(html))).toBe(expected);
  });

  it('counts editable content as typing', () => {
    const div = document.createElement('div');
    div.contentEditable = 'true';
    // jsdom does not compute isContentEditable; a browser does.
    Object.defineProperty(div, 'isContentEditable', { value: true });
    expect(isTypingTarget(div)).toBe(true);
  });

  it('is false for no target or the document', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(document)).toBe(false);
  });
});

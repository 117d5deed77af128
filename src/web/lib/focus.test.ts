import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusAfterFrame } from './focus.js';

/** The frames asked for, run when the test says. */
function holdFrames(): () => void {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
  return () => frames.splice(0).forEach((callback) => callback(0));
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('focusAfterFrame', () => {
  it('moves the focus after the frame when nothing holds it', () => {
    const runFrames = holdFrames();
    const button = document.createElement('button');
    document.body.append(button);
    focusAfterFrame(() => button);
    expect(document.activeElement).toBe(document.body);
    runFrames();
    expect(document.activeElement).toBe(button);
  });

  it('leaves the focus where it went meanwhile', () => {
    const runFrames = holdFrames();
    const [target, dialogButton] = [
      document.createElement('button'),
      document.createElement('button'),
    ];
    document.body.append(target, dialogButton);
    focusAfterFrame(() => target);
    dialogButton.focus();
    runFrames();
    expect(document.activeElement).toBe(dialogButton);
  });

  it('does nothing when the target is gone', () => {
    const runFrames = holdFrames();
    focusAfterFrame(() => null);
    expect(() => runFrames()).not.toThrow();
    expect(document.activeElement).toBe(document.body);
  });
});

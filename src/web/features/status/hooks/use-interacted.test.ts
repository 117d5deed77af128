import { describe, expect, it } from 'vitest';
import { hasInteracted, waitForInteraction } from './use-interacted.js';

describe('waitForInteraction', () => {
  it('is true from the start; false from the wait until the first pointer, key, touch or focus', () => {
    expect(hasInteracted()).toBe(true);
    for (const type of ['pointerdown', 'pointerover', 'keydown', 'focusin', 'touchstart']) {
      const target = new EventTarget();
      waitForInteraction(target);
      expect(hasInteracted()).toBe(false);
      target.dispatchEvent(new Event('scroll'));
      expect(hasInteracted(), type).toBe(false);
      target.dispatchEvent(new Event(type));
      expect(hasInteracted(), type).toBe(true);
    }
  });

  it('ends at once when its function is called', () => {
    const end = waitForInteraction(new EventTarget());
    expect(hasInteracted()).toBe(false);
    end();
    expect(hasInteracted()).toBe(true);
  });
});

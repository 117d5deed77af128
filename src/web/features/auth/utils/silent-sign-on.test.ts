import { afterEach, describe, expect, it } from 'vitest';
import type { SilentCheckResult } from '../api/silent-check.js';
import { createSilentSignOn, SILENT_SIGN_ON_KEY, type TabStorage } from './silent-sign-on.js';

/** A check that answers `results` in turn and counts its runs. */
function fakeCheck(...results: SilentCheckResult[]) {
  const runs = { count: 0 };
  const check = () => {
    const result = results[Math.min(runs.count, results.length - 1)] ?? 'anonymous';
    runs.count += 1;
    return Promise.resolve(result);
  };
  return { check, runs };
}

describe('the silent sign-on rule (once per tab after a failure)', () => {
  afterEach(() => sessionStorage.clear());

  it('checks, and checks again on a later load after a success', async () => {
    const { check, runs } = fakeCheck('signed-in');
    expect(await createSilentSignOn({ check, storage: sessionStorage }).attempt()).toBe(
      'signed-in',
    );
    expect(sessionStorage.getItem(SILENT_SIGN_ON_KEY)).toBeNull();
    expect(await createSilentSignOn({ check, storage: sessionStorage }).attempt()).toBe(
      'signed-in',
    );
    expect(runs.count).toBe(2);
  });

  it.each(['anonymous', 'unavailable', 'error', 'timeout'] as const)(
    'after %j, skips every later load of the tab',
    async (result) => {
      const { check, runs } = fakeCheck(result, 'signed-in');
      expect(await createSilentSignOn({ check, storage: sessionStorage }).attempt()).toBe(result);
      expect(sessionStorage.getItem(SILENT_SIGN_ON_KEY)).toBe('failed');
      expect(await createSilentSignOn({ check, storage: sessionStorage }).attempt()).toBe(
        'skipped',
      );
      expect(runs.count).toBe(1);
    },
  );

  it('counts a check cut short (tab reloaded before it answered) as a failure', async () => {
    const never = () => new Promise<SilentCheckResult>(() => {});
    void createSilentSignOn({ check: never, storage: sessionStorage }).attempt();
    const { check, runs } = fakeCheck('signed-in');
    expect(await createSilentSignOn({ check, storage: sessionStorage }).attempt()).toBe('skipped');
    expect(runs.count).toBe(0);
  });

  it('makes no check after an explicit sign-out until the next explicit sign-in', async () => {
    const { check, runs } = fakeCheck('signed-in');
    createSilentSignOn({ check, storage: sessionStorage }).signedOut();
    expect(sessionStorage.getItem(SILENT_SIGN_ON_KEY)).toBe('signed-out');
    expect(await createSilentSignOn({ check, storage: sessionStorage }).attempt()).toBe('skipped');

    createSilentSignOn({ check, storage: sessionStorage }).signingIn();
    expect(await createSilentSignOn({ check, storage: sessionStorage }).attempt()).toBe(
      'signed-in',
    );
    expect(runs.count).toBe(1);
  });

  it('still checks (once per page load) when the tab storage is unavailable', async () => {
    const broken: TabStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const { check, runs } = fakeCheck('anonymous');
    const silent = createSilentSignOn({ check, storage: broken });
    expect(await silent.attempt()).toBe('anonymous');
    expect(() => silent.signedOut()).not.toThrow();
    expect(runs.count).toBe(1);
  });
});

import type { SilentCheckResult } from '../api/silent-check.js';

/**
 * sessionStorage key of the silent sign-on rule (docs/auth.md). While it is set, this tab makes
 * no silent check: `failed` after a check that did not sign anyone in, `signed-out` after an
 * explicit sign-out. An explicit sign-in removes it, as does a successful check.
 */
export const SILENT_SIGN_ON_KEY = 'app-portal.silent-sign-on';

type Flag = 'failed' | 'signed-out';

/** The part of `sessionStorage` the rule needs. */
export type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SilentSignOn {
  /**
   * Runs the check unless this tab already had one fail or signed out; `skipped` when it did.
   * The flag is set before the check starts, so a tab closed or reloaded mid-check counts as a
   * failure too: the check can never loop.
   */
  attempt(): Promise<SilentCheckResult | 'skipped'>;
  /** The check said `signed-in` but the server then knew nobody: counts as a failure. */
  failed(): void;
  /** An explicit sign-in: a later check may run again. */
  signingIn(): void;
  /** An explicit sign-out: no silent sign-in in this tab until the next explicit one. */
  signedOut(): void;
}

export function createSilentSignOn(deps: {
  check(): Promise<SilentCheckResult>;
  /** `sessionStorage` in the browser: one flag per tab, gone when the tab closes. */
  storage: TabStorage;
}): SilentSignOn {
  // Storage can be unavailable (disabled, quota, privacy modes): then it is once per page load.
  const read = (): string | null => {
    try {
      return deps.storage.getItem(SILENT_SIGN_ON_KEY);
    } catch {
      return null;
    }
  };
  const write = (flag: Flag | null) => {
    try {
      if (flag) deps.storage.setItem(SILENT_SIGN_ON_KEY, flag);
      else deps.storage.removeItem(SILENT_SIGN_ON_KEY);
    } catch {
      // See above.
    }
  };

  return {
    async attempt() {
      if (read() !== null) return 'skipped';
      write('failed');
      const result = await deps.check();
      if (result === 'signed-in') write(null);
      return result;
    },
    failed: () => write('failed'),
    signingIn: () => write(null),
    signedOut: () => write('signed-out'),
  };
}

/**
 * The silent sign-on check: a hidden frame opens `/auth/silent` on the portal's own origin; the
 * server sends it to the identity provider with `prompt=none` and back to its callback, whose
 * page posts the outcome to this window (docs/auth.md). The whole exchange happens inside the
 * frame, so the address bar never shows `code`, `state` or `error`.
 */
export const SILENT_CHECK_PATH = '/auth/silent';
/** The `type` of the message the result page posts (`SILENT_MESSAGE_TYPE` on the server). */
export const SILENT_MESSAGE_TYPE = 'app-portal:silent-sso';
/** How long the check may take before the portal stops waiting and stays public. */
export const SILENT_CHECK_TIMEOUT_MS = 5000;

/** What the result page reports, or `timeout` when no (valid) answer came in time. */
export type SilentCheckResult = 'signed-in' | 'anonymous' | 'unavailable' | 'error' | 'timeout';

const REPORTED: ReadonlySet<string> = new Set(['signed-in', 'anonymous', 'unavailable', 'error']);

function resultOf(data: unknown): SilentCheckResult | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, result } = data as { type?: unknown; result?: unknown };
  if (type !== SILENT_MESSAGE_TYPE || typeof result !== 'string' || !REPORTED.has(result)) {
    return undefined;
  }
  return result as SilentCheckResult;
}

/**
 * Runs the check once in a hidden frame and resolves with its outcome; never rejects. Only a
 * message from the portal's own origin, sent by that frame, with the expected shape counts;
 * anything else is ignored. The frame and the listener are removed when it settles.
 */
export function checkSilently(
  options: { timeoutMs?: number; path?: string } = {},
): Promise<SilentCheckResult> {
  const timeoutMs = options.timeoutMs ?? SILENT_CHECK_TIMEOUT_MS;
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.title = 'Sign-in check';
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');

    const finish = (result: SilentCheckResult) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
      resolve(result);
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      if (event.source === null || event.source !== frame.contentWindow) return;
      const result = resultOf(event.data);
      if (result) finish(result);
    }

    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    window.addEventListener('message', onMessage);
    frame.src = options.path ?? SILENT_CHECK_PATH;
    document.body.append(frame);
  });
}

import type { AccessService } from './access.service.js';

/** How often the expiry job runs (each instance asks; one runs, decision 0031). */
export const ACCESS_EXPIRY_INTERVAL_MS = 60_000;

/** Runs the expiry job every `intervalMs` until stopped; failures are logged, never thrown. */
export function startAccessExpiry(
  access: Pick<AccessService, 'runExpiry'>,
  options: {
    intervalMs?: number;
    log: () => { error(object: object, message: string): void };
  },
): { stop(): void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    access
      .runExpiry()
      .catch((error: unknown) =>
        options.log().error({ err: error }, 'access requests: the expiry job failed'),
      )
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? ACCESS_EXPIRY_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

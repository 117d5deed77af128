/**
 * Removes apps from the trash for good once their 30 days are over: at start-up
 * (catalog-startup.ts) and then on a timer, never as a side effect of reading the trash.
 * `start`/`stop` like the monitor; `runOnce` is what tests call.
 */
export function createTrashPurge(deps: {
  purgeExpired(): Promise<number>;
  intervalMs?: number;
  log?: (message: string) => void;
}) {
  const intervalMs = deps.intervalMs ?? 60 * 60 * 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function runOnce(): Promise<void> {
    try {
      const purged = await deps.purgeExpired();
      if (purged > 0) deps.log?.(`Purged ${purged} app(s) deleted more than 30 days ago.`);
    } catch (error) {
      // The next run tries again; the trash already hides apps past their purge time.
      deps.log?.(`The trash purge failed: ${(error as Error).message}`);
    }
  }

  return {
    runOnce,
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        running ??= runOnce().finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/**
 * ISO timestamps that never repeat or go backwards within this process, so rows ordered by
 * their time keep the order in which they were written even within one millisecond.
 */
export function createMonotonicClock(now: () => number = Date.now) {
  let last = 0;
  return (): string => {
    last = Math.max(now(), last + 1);
    return new Date(last).toISOString();
  };
}

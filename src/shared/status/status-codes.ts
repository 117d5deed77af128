/**
 * App status codes as the monitor reports them (docs/monitor.md).
 * 0 Down, 1 Up & Running, 2 Pending, 3 Maintenance; any other code reads as Up & Running.
 */
export const STATUS_DOWN = 0;
export const STATUS_UP = 1;
export const STATUS_PENDING = 2;
export const STATUS_MAINTENANCE = 3;

export type StatusKind = 'down' | 'up' | 'pending' | 'maintenance';

const KIND_BY_CODE: Record<number, StatusKind> = {
  [STATUS_DOWN]: 'down',
  [STATUS_UP]: 'up',
  [STATUS_PENDING]: 'pending',
  [STATUS_MAINTENANCE]: 'maintenance',
};

export const STATUS_LABELS: Record<StatusKind, string> = {
  down: 'Down',
  up: 'Up & Running',
  pending: 'Pending',
  maintenance: 'Maintenance',
};

/** Maps a status code to its kind; unknown codes are "up", as the spec says. */
export function statusKind(code: number): StatusKind {
  return KIND_BY_CODE[code] ?? 'up';
}

export function statusLabel(code: number): string {
  return STATUS_LABELS[statusKind(code)];
}

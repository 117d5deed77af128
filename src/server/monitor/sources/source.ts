/** One status a source reports: the monitored URL and its code (0 Down, 1 Up, 2 Pending, 3 Maintenance). */
export interface SourceStatus {
  url: string;
  status: number;
  /** How long the app took to answer, when the source measured it (the built-in probes). */
  responseMs?: number;
}

export interface CollectContext {
  /** The catalog's distinct http(s) app links, for sources that probe them. */
  links: readonly string[];
  /** Aborted when the monitor stops. */
  signal: AbortSignal;
}

/**
 * Where statuses come from: Uptime Kuma, an external monitor proxy or the built-in probes.
 * `collect` answers every status the source knows, or throws (a SourceError, with a message fit
 * for the log) when the source as a whole is unavailable.
 */
export interface StatusSource {
  readonly name: string;
  /** True when the source needs the catalog's links (the probes). */
  readonly needsLinks: boolean;
  collect(context: CollectContext): Promise<SourceStatus[]>;
}

/** A source could not be read; the message says why, for an operator, and never holds a secret. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

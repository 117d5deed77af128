import { STATUS_DOWN, STATUS_UP } from '../../../shared/status/status-codes.js';
import { describeFailure, requestSignal, USER_AGENT } from './http.js';
import { SourceError, type SourceStatus, type StatusSource } from './source.js';

export const DEFAULT_MAX_REDIRECTS = 5;

export interface ProbeOptions {
  /** For one probe, redirects included. */
  timeoutMs: number;
  /** Probes in flight at once. */
  concurrency: number;
  maxRedirects?: number;
  /** Count 401 and 403 as Up: the app answered, from behind its sign-in wall. */
  authOk: boolean;
}

export interface ProbeResult extends SourceStatus {
  /** What was seen, for the debug log: "HTTP 503", "ECONNREFUSED", "no answer within 5 s". */
  detail: string;
}

/** The probe's rule: 2xx and 3xx are Up; 401/403 are Up when allowed; anything else is Down. */
export function statusOfAnswer(httpStatus: number, authOk: boolean): number {
  if (httpStatus >= 200 && httpStatus <= 399) return STATUS_UP;
  if (authOk && (httpStatus === 401 || httpStatus === 403)) return STATUS_UP;
  return STATUS_DOWN;
}

/** True for links the probes may request: absolute http or https URLs, nothing else. */
export function isProbeable(link: string): boolean {
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function parseUrl(location: string, base: string): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/** One GET of the link, following redirects up to the limit; never throws. */
export async function probeLink(
  link: string,
  options: ProbeOptions,
  stopSignal: AbortSignal,
): Promise<ProbeResult> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const signal = requestSignal(options.timeoutMs, stopSignal);
  const started = performance.now();
  let url = link;
  try {
    for (let hop = 0; ; hop += 1) {
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { 'user-agent': USER_AGENT, accept: 'text/html,*/*;q=0.8' },
      });
      // Only the status matters: drop the body so the connection is freed.
      await response.body?.cancel().catch(() => undefined);
      const code = response.status;
      if (code >= 300 && code <= 399 && hop < maxRedirects) {
        const location = response.headers.get('location');
        const next = location ? parseUrl(location, url) : undefined;
        if (next && (next.protocol === 'http:' || next.protocol === 'https:')) {
          url = next.href;
          continue;
        }
      }
      return {
        url: link,
        status: statusOfAnswer(code, options.authOk),
        detail: `HTTP ${code}${hop > 0 ? ` after ${hop} redirect(s)` : ''}`,
        responseMs: Math.round(performance.now() - started),
      };
    }
  } catch (error) {
    return { url: link, status: STATUS_DOWN, detail: describeFailure(error, options.timeoutMs) };
  }
}

async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * Built-in probes of the catalog's http(s) links, a few at a time. Unreachable hosts fail fast
 * (a refused connection or a failed name lookup ends the probe at once) and a host that never
 * answers costs one time-out, so a cycle ends within about
 * `ceil(links / concurrency) * timeout`.
 */
export function createHttpProbeSource(options: ProbeOptions): StatusSource & {
  collect(context: Parameters<StatusSource['collect']>[0]): Promise<ProbeResult[]>;
} {
  return {
    name: 'probe',
    needsLinks: true,
    async collect({ links, signal }) {
      const targets = [...new Set(links)].filter(isProbeable);
      const results = await mapWithLimit(targets, options.concurrency, (link) =>
        probeLink(link, options, signal),
      );
      if (signal.aborted) throw new SourceError('stopped');
      return results;
    },
  };
}

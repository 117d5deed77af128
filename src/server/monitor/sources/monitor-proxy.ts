import { fetchText } from './http.js';
import { SourceError, type SourceStatus, type StatusSource } from './source.js';

/** Cap on the proxy's JSON answer (`[{url, status}]`: far below this for any real catalog). */
export const MAX_PROXY_BYTES = 2 * 1024 * 1024;

/**
 * The statuses of a proxy's `[{url, status}]` answer. Items that are not an object with a
 * non-empty `url` string and an integer `status` are skipped; codes are passed on as given (the
 * spec reads unknown codes as Up & Running). Throws a SourceError when the answer is not a list.
 */
export function statusesFromProxyAnswer(text: string): SourceStatus[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SourceError('the monitor proxy did not answer JSON');
  }
  if (!Array.isArray(body)) {
    throw new SourceError('the monitor proxy did not answer a list of {url, status}');
  }
  const statuses: SourceStatus[] = [];
  for (const item of body) {
    if (typeof item !== 'object' || item === null) continue;
    const { url, status } = item as { url?: unknown; status?: unknown };
    if (typeof url !== 'string' || url.trim() === '') continue;
    if (typeof status !== 'number' || !Number.isSafeInteger(status)) continue;
    statuses.push({ url: url.trim(), status });
  }
  return statuses;
}

/** The spec's external monitor proxy: `GET {url}/monitor-status` answering `[{url, status}]`. */
export function createMonitorProxySource(options: {
  url: string;
  timeoutMs: number;
}): StatusSource {
  const endpoint = `${options.url.replace(/\/+$/, '')}/monitor-status`;
  return {
    name: 'monitor-proxy',
    needsLinks: false,
    async collect({ signal }) {
      const response = await fetchText(endpoint, {
        timeoutMs: options.timeoutMs,
        signal,
        maxBytes: MAX_PROXY_BYTES,
        headers: { accept: 'application/json' },
      });
      if (response.status < 200 || response.status > 299) {
        throw new SourceError(
          `the monitor proxy answered HTTP ${response.status}`,
          response.status,
        );
      }
      return statusesFromProxyAnswer(response.text);
    },
  };
}

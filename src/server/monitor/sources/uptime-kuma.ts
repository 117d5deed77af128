import {
  STATUS_DOWN,
  STATUS_MAINTENANCE,
  STATUS_PENDING,
  STATUS_UP,
} from '../../../shared/status/status-codes.js';
import { parsePrometheusText, PrometheusParseError } from '../prometheus-text.js';
import { fetchLines } from './http.js';
import { SourceError, type SourceStatus, type StatusSource } from './source.js';

const KUMA_CODES = new Set([STATUS_DOWN, STATUS_UP, STATUS_PENDING, STATUS_MAINTENANCE]);
/** Caps on Kuma's answer: the whole body, and one line (a sample with its labels). */
export const MAX_METRICS_BYTES = 8 * 1024 * 1024;
export const MAX_METRICS_LINE_BYTES = 64 * 1024;

/** The lines of the metrics text the portal reads: the `monitor_status` gauge only. */
function isMonitorStatusLine(line: string): boolean {
  return (
    line.startsWith('monitor_status{') ||
    line.startsWith('monitor_status ') ||
    /^#\s*(TYPE|HELP)\s+monitor_status\s/.test(line)
  );
}

/**
 * The statuses in a Kuma `/metrics` body: every `monitor_status` sample with a `monitor_url`
 * label, whatever other labels it has (Kuma 1.x's set; 2.x adds `monitor_id` and one label per
 * tag). Monitors without a URL (TCP, DNS, groups: Kuma writes `https://`, an empty value or
 * `null`) and values other than Kuma's four codes are skipped. Throws a SourceError when the body
 * is not Kuma metrics at all.
 */
export function statusesFromKumaMetrics(text: string): SourceStatus[] {
  let parsed;
  try {
    parsed = parsePrometheusText(text);
  } catch (error) {
    if (error instanceof PrometheusParseError) {
      throw new SourceError(`the metrics could not be read (${error.message})`);
    }
    throw error;
  }
  // Kuma always declares the gauge, even with no monitors; its absence means a wrong address.
  const declared = parsed.types.has('monitor_status');
  const statuses: SourceStatus[] = [];
  let seen = false;
  for (const sample of parsed.samples) {
    if (sample.name !== 'monitor_status') continue;
    seen = true;
    const url = sample.labels.monitor_url?.trim() ?? '';
    if (url === '' || url === 'null' || !/^[a-z][a-z0-9+.-]*:\/\/[^/]/i.test(url)) continue;
    if (!KUMA_CODES.has(sample.value)) continue;
    statuses.push({ url, status: sample.value });
  }
  if (!declared && !seen) {
    throw new SourceError('the answer has no monitor_status metric: is this Uptime Kuma?');
  }
  return statuses;
}

export interface UptimeKumaOptions {
  /** Kuma's base address, without `/metrics`. */
  url: string;
  /** An API key (Settings > API Keys); sent as the basic-auth password, as Kuma expects. */
  apiKey: string | undefined;
  timeoutMs: number;
}

/** Reads `{url}/metrics` once per cycle. A 401 (bad key, or Kuma's rate limit) is not retried. */
export function createUptimeKumaSource(options: UptimeKumaOptions): StatusSource {
  const endpoint = `${options.url.replace(/\/+$/, '')}/metrics`;
  const headers: Record<string, string> = { accept: 'text/plain;version=0.0.4, */*;q=0.1' };
  if (options.apiKey) {
    headers.authorization = `Basic ${Buffer.from(`:${options.apiKey}`).toString('base64')}`;
  }
  return {
    name: 'uptime-kuma',
    needsLinks: false,
    async collect({ signal }) {
      // Read line by line, keeping only the gauge's lines: memory stays small whatever else
      // Kuma exports, and an oversized line or body drops the read (logged by the monitor).
      const response = await fetchLines(endpoint, {
        timeoutMs: options.timeoutMs,
        signal,
        maxBytes: MAX_METRICS_BYTES,
        maxLineBytes: MAX_METRICS_LINE_BYTES,
        keep: isMonitorStatusLine,
        headers,
      });
      if (response.status === 401 || response.status === 403) {
        throw new SourceError(
          `Uptime Kuma refused the request (HTTP ${response.status}): check UPTIME_KUMA_API_KEY; Kuma also answers 401 while it rate-limits a key`,
          response.status,
        );
      }
      if (response.status < 200 || response.status > 299) {
        throw new SourceError(`Uptime Kuma answered HTTP ${response.status}`, response.status);
      }
      if (/\btext\/html\b/i.test(response.contentType)) {
        throw new SourceError('Uptime Kuma answered an HTML page instead of metrics');
      }
      return statusesFromKumaMetrics(response.kept);
    },
  };
}

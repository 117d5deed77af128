import { startLoopbackServer, type LoopbackServer } from './loopback.js';

export interface KumaMonitor {
  url: string;
  status: number;
  name?: string;
}

/** `/metrics` text shaped like Uptime Kuma's: 1.23 labels, or 2.x's with `monitor_id` and tags. */
export function kumaMetricsText(monitors: readonly KumaMonitor[], version: 1 | 2 = 2): string {
  const lines = [
    '# HELP monitor_status Monitor Status (1 = UP, 0= DOWN, 2= PENDING, 3= MAINTENANCE)',
    '# TYPE monitor_status gauge',
  ];
  monitors.forEach((monitor, index) => {
    const name = (monitor.name ?? `Monitor ${index + 1}`).replace(/["\\]/g, '\\$&');
    const labels =
      version === 2
        ? `monitor_id="${index + 1}",monitor_name="${name}",monitor_type="http",monitor_url="${monitor.url}",monitor_hostname="null",monitor_port="null",team="lab"`
        : `monitor_name="${name}",monitor_type="http",monitor_url="${monitor.url}",monitor_hostname="null",monitor_port="null"`;
    lines.push(`monitor_status{${labels}} ${monitor.status}`);
  });
  return `${lines.join('\n')}\n`;
}

export interface FakeKumaServer extends LoopbackServer {
  metrics: string;
  /** The body of `/api/status-page/{slug}` for `slug`; undefined answers 404 like Kuma. */
  statusPages: Map<string, unknown>;
  /** HTTP status of `/metrics`. */
  status: number;
}

/** An Uptime Kuma stand-in serving `/metrics` (no key) and public status pages' JSON. */
export async function startFakeKumaServer(metrics = kumaMetricsText([])): Promise<FakeKumaServer> {
  const fake = { metrics, status: 200, statusPages: new Map<string, unknown>() };
  const server = await startLoopbackServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/metrics') {
      response
        .writeHead(fake.status, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' })
        .end(fake.metrics);
      return;
    }
    const page = /^\/api\/status-page\/([^/?]+)$/.exec(url);
    const body = page ? fake.statusPages.get(decodeURIComponent(page[1] as string)) : undefined;
    if (body === undefined) {
      response
        .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ ok: false, msg: 'Status Page Not Found' }));
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      .end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  return Object.assign(fake, server);
}

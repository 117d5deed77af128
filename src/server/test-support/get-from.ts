import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

/** An answer as a test reads it. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * GET `path` from the server on 127.0.0.1:`port` over a real socket whose local address is
 * `from`: the whole 127/8 is loopback, so 127.0.0.2, 127.0.0.3... stand for visitors on different
 * networks (docs/networks.md).
 */
export function getFrom(
  port: number,
  from: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress: from, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

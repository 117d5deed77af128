import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where the proxy serves the recorder; the portal has no such path. */
export const RECORDER_PATH = '/__e2e/recorder.js';

/**
 * Runs in every page the proxy serves, before the portal's own scripts: keeps what went wrong on
 * the page (uncaught errors, unhandled rejections, console errors such as a hydration mismatch,
 * Content-Security-Policy violations) in `window.__e2eErrors`, so that every engine reports the
 * same things, WebKitWebDriver included, which has no console or log events of its own.
 */
const RECORDER = `(() => {
  const errors = [];
  window.__e2eErrors = errors;
  // Firefox's and WebKit's stacks leave the message out: both, then.
  const text = (value) =>
    value instanceof Error ? value.name + ': ' + value.message + '\\n' + (value.stack || '') : String(value);
  window.addEventListener('error', (event) => errors.push('uncaught: ' + text(event.error || event.message)));
  window.addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + text(event.reason)));
  document.addEventListener('securitypolicyviolation', (event) =>
    errors.push('CSP: ' + event.violatedDirective + ' blocked ' + event.blockedURI));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    errors.push('console.error: ' + args.map(text).join(' '));
    consoleError(...args);
  };
})();
`;

/**
 * A loopback HTTP proxy in front of the portal that adds the recorder (above) as the first script
 * of every HTML page, as a file of the page's own origin (the portal's policy allows scripts from
 * 'self' only). Everything else passes through untouched, streams included. The portal's
 * PUBLIC_URL must be the proxy's address, so that its links and redirects stay on the proxy.
 */
export async function startRecordingProxy(
  target: () => URL,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    if (incoming.url === RECORDER_PATH) {
      outgoing.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
      });
      outgoing.end(RECORDER);
      return;
    }
    const upstream = target();
    // Plain bodies: the proxy has to read the HTML it changes.
    const headers = { ...incoming.headers };
    delete headers['accept-encoding'];
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer: IncomingMessage) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!type.startsWith('text/html')) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<head[^>]*>/i, (head) => `${head}<script src="${RECORDER_PATH}"></script>`);
          const answerHeaders = { ...answer.headers };
          delete answerHeaders['content-length'];
          delete answerHeaders.etag;
          outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
          outgoing.end(html);
        });
      },
    );
    forward.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`proxy: ${error.message}`);
    });
    incoming.pipe(forward);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

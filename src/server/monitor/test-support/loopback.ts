import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  port: number;
  /** Requests received so far, by path. */
  requests: string[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a free port, counting what it receives. */
export async function startLoopbackServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LoopbackServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = await startLoopbackServer(() => undefined);
  await server.close();
  return server.port;
}

export interface FakeKuma extends LoopbackServer {
  /** The body `/metrics` answers; change it between cycles. */
  metrics: string;
  /** The HTTP status `/metrics` answers (401 is also sent for a wrong key). */
  status: number;
}

/** An Uptime Kuma stand-in: `/metrics` behind basic auth with the API key as the password. */
export async function startFakeKuma(options: {
  apiKey?: string;
  metrics: string;
}): Promise<FakeKuma> {
  const fake = { metrics: options.metrics, status: 200 };
  const expected = options.apiKey
    ? `Basic ${Buffer.from(`:${options.apiKey}`).toString('base64')}`
    : undefined;
  const server = await startLoopbackServer((request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end('Not found');
      return;
    }
    if (expected && request.headers.authorization !== expected) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized');
      return;
    }
    response
      .writeHead(fake.status, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' })
      .end(fake.metrics);
  });
  return Object.assign(fake, server);
}

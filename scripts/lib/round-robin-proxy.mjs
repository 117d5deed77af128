// A tiny HTTP load balancer on loopback for benchmarks: each request goes to the next target in
// turn, headers unchanged, over kept-alive upstream connections. Node built-ins only.
import { Agent, createServer, request } from 'node:http';
import { listen } from './bench.mjs';

/** Starts the proxy in front of `ports`; resolves with its URL and a close function. */
export async function startRoundRobinProxy(ports) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const port = ports[next++ % ports.length];
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}

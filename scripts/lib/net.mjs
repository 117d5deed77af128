// A free TCP port on loopback, for servers that tests and benchmarks start. Node built-ins only.
import { createServer } from 'node:net';

export async function freePort() {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// A free TCP port on loopback, for servers that tests and benchmarks start. Node built-ins only.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Where the system takes the local ports of outgoing connections (Linux), or undefined. A port
 * from that range can be taken by any connection between the moment it is found free and the
 * moment a slow server binds it (Keycloak binds 15-30 s later: a CI run failed with "Port
 * already bound"), so free ports are looked for below it.
 */
function ephemeralRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return Number.isInteger(low) && Number.isInteger(high) && low > 0 ? { low, high } : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves with `port` when it can be bound on loopback now (then freed), else undefined. */
function tryPort(port) {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const bound = server.address().port;
      server.close(() => resolve(bound));
    });
  });
}

/** The lowest port looked at: above the well-known and most registered services' ports. */
const LOWEST = 20_000;

export async function freePort() {
  const range = ephemeralRange();
  if (range && range.low - LOWEST > 1000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const candidate = LOWEST + Math.floor(Math.random() * (range.low - LOWEST));
      const port = await tryPort(candidate);
      if (port !== undefined) return port;
    }
  }
  // No range known (another system), or nothing free below it: any port the system gives.
  const port = await tryPort(0);
  if (port === undefined) throw new Error('No free TCP port on 127.0.0.1.');
  return port;
}

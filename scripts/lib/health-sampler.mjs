// The child process of `sampleHealth` (bench.mjs): asks `GET <base URL>/api/health` every
// `everyMs` (counted from each request's start) until its parent says "stop", then sends back
// every answer's latency in ms, ascending, and how many failed (an error, a time-out or a status
// other than 200). Apart from the load generator's process, so that its latencies are the
// server's and not the time autocannon's own busy event loop keeps the answer waiting.
const [baseUrl, everyMs, timeoutMs] = [
  process.argv[2],
  Number(process.argv[3] ?? 50),
  Number(process.argv[4] ?? 5000),
];
const latencies = [];
let failures = 0;
let running = true;
process.on('message', (message) => {
  if (message === 'stop') running = false;
});
process.send?.('started');
while (running) {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/health`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    if (response.status !== 200) failures += 1;
  } catch {
    failures += 1;
  }
  const elapsed = performance.now() - started;
  latencies.push(elapsed);
  if (elapsed < everyMs) await new Promise((resolve) => setTimeout(resolve, everyMs - elapsed));
}
process.send?.({ latencies: latencies.sort((a, b) => a - b), failures }, () => process.exit(0));

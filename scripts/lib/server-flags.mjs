// The Node.js flags the server runs with, wherever it is started (npm start, npm run serve, the
// container image, the benchmarks and the browser tests): decision 0038, docs/operations.md.
//
// V8's young generation may grow to 2 x 16 MB by default and then stays that large: a third of
// the server's memory at rest, for a throughput the benchmarks do not see (bench:api, 500 apps,
// 50 connections: the same pages per second with 2 MB). It can only be set when the process
// starts, hence a flag rather than code in src/server/main.ts.
//
// --expose-gc lets the server give a busy while's garbage back once it is quiet
// (src/server/system/idle-collector.ts, decision 0046): V8's own memory reducer waits for an
// allocation rate it measured during the load, and often does not run within a minute.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--expose-gc'];

// The environment the server runs with, wherever the scripts or the image start it: glibc's
// malloc keeps a memory arena per thread that allocates (the render worker, libuv's pool that
// compresses) and rarely gives their freed memory back. Two arenas hold the server's memory
// at rest about 15 MB lower and its peak under bench:api's load about 80 MB lower, for the same
// rates (decision 0045). Other C libraries ignore it. A value already set is kept.
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

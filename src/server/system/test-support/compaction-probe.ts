// Run in a process of its own by idle-collector.test.ts (`node --import tsx`): a heap of small
// objects of which one in twenty stays live, a plain full collection, the same again and a
// compacting one (idle-collector.ts). Prints the committed heap after each, as JSON. A fresh
// process, because what a *plain* collection keeps depends on the heap's history: in a test
// worker, after earlier collections, it sometimes gave the pages back too (45 MB where a fresh
// process keeps 88), and a CI run read 1.3 MB of difference. The compacting one always ended at
// the live size (43-44 MB there).
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compacting } from '../idle-collector.js';

function fragmentedHeap(count: number): unknown[] {
  let all: unknown[] | null = [];
  for (let index = 0; index < count; index += 1) {
    all.push({ index, text: `item ${index}`, list: [index, index + 1] });
  }
  const kept = all.filter((_, index) => index % 20 === 0);
  all = null;
  return kept;
}

// Node's own collector, as --expose-gc gives it to the server.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
v8.setFlagsFromString('--no-expose-gc');
// A busy while, then a plain full collection: the garbage goes, its pages stay.
let kept = fragmentedHeap(400_000);
gc();
const plain = process.memoryUsage().heapTotal;
// The same busy while again, then a compacting one: what is live moves, the pages go.
kept = fragmentedHeap(400_000);
compacting(gc)();
const compacted = process.memoryUsage().heapTotal;
process.stdout.write(JSON.stringify({ plain, compacted, kept: kept.length }));

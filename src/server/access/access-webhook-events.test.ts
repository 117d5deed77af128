import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACCESS_WEBHOOK_EVENTS } from './access-mails.js';

// The webhook's receivers are written from docs/access-requests-delivery.md: it must name every
// event the code sends, and no other (its one example once named an event never sent).

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(join(ROOT, 'docs', 'access-requests-delivery.md'), 'utf8');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.ts$/.test(entry) && !/\.test\.ts$/.test(entry)) out.push(path);
  }
  return out;
}

describe('the access webhook events', () => {
  it('the docs list exactly the events the code sends', () => {
    const section = doc.slice(doc.indexOf('### Events'));
    const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Event')));
    const listed = [...table.matchAll(/^\| `([a-z_.]+)`/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...ACCESS_WEBHOOK_EVENTS].sort());
    // Every event named anywhere in the page is one of them.
    const named = new Set(
      [...doc.matchAll(/"event": "([^"]+)"|`(access\.[a-z_.]+)`/g)].map((m) => m[1] ?? m[2]),
    );
    expect(
      [...named].filter((e) => !(ACCESS_WEBHOOK_EVENTS as readonly string[]).includes(e!)),
    ).toEqual([]);
  });

  it('the code sends no event outside the list', () => {
    // Webhook events are dotted names (`access.approved`); the notifier's changes name their
    // kind of change (`event: 'down'`), which no webhook sends as its event.
    const literal = /event:\s*'([a-z_]+\.[a-z_.]+)'/g;
    const sent = sourceFiles(join(ROOT, 'src', 'server')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(literal)].map((m) => `${m[1]} (${file})`),
    );
    expect(sent).toEqual([]);
  });
});

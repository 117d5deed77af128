// docs/decisions/README.md indexes every decision record: this test holds it to the records, so
// a record cannot land unlisted, and a record that a later one supersedes says so in the index.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const STATUS_LINE = /^(Superseded in part|Superseded|Extended) by \[(\d{4})\]\((\d{4}-[^)]+\.md)\)/;

/** What each record says of itself: number, title, and the status its first line gives. */
function records() {
  return readdirSync(DIR)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const lines = readFileSync(join(DIR, file), 'utf8').split('\n');
      const heading = /^# (\d{4}): (.+)$/.exec(lines[0]);
      if (!heading) throw new Error(`${file}: the first line is not "# NNNN: Title"`);
      const status = STATUS_LINE.exec(lines[2] ?? '');
      return {
        file,
        number: heading[1],
        title: heading[2],
        status: status?.[1] ?? 'Accepted',
        by: status ? `[${status[2]}](${status[3]})` : '',
      };
    });
}

/** The index's rows, as the same shape. */
function indexRows() {
  const text = readFileSync(join(DIR, 'README.md'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('| ['))
    .map((line) => {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim());
      const link = /^\[(\d{4})\]\(([^)]+)\)$/.exec(cells[0]);
      return {
        file: link?.[2],
        number: link?.[1],
        title: cells[1].replace(/\\\|/g, '|'),
        status: cells[2],
        by: cells[3],
        topic: cells[4],
      };
    });
}

describe('the index of decision records', () => {
  it('lists every record once, with its title and the status its first line gives', () => {
    const listed = indexRows().map(({ topic: _topic, ...row }) => row);
    expect(listed).toEqual(records());
  });

  it('gives every record a topic, and every record has its number in its file name', () => {
    for (const row of indexRows()) {
      expect(row.topic, row.file).toMatch(/^[a-z0-9-]+$/);
      expect(row.file?.startsWith(`${row.number}-`), row.file).toBe(true);
    }
    const numbers = records().map((record) => record.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

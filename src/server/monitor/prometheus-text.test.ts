import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePrometheusText, PrometheusParseError } from './prometheus-text.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parsePrometheusText: samples', () => {
  it.each<[string, string, { name: string; labels: Record<string, string>; value: number }]>([
    ['no labels', 'up 1\n', { name: 'up', labels: {}, value: 1 }],
    ['one label', 'up{job="kuma"} 0\n', { name: 'up', labels: { job: 'kuma' }, value: 0 }],
    [
      'several labels',
      'm{a="1",b="two"} 3\n',
      { name: 'm', labels: { a: '1', b: 'two' }, value: 3 },
    ],
    ['empty label set', 'm{} 2\n', { name: 'm', labels: {}, value: 2 }],
    ['trailing comma', 'm{a="1",} 2\n', { name: 'm', labels: { a: '1' }, value: 2 }],
    [
      'blanks between tokens',
      '  m \t{ a = "1" , b="2" }\t 5  \n',
      { name: 'm', labels: { a: '1', b: '2' }, value: 5 },
    ],
    ['no blank before the value', 'm{a="1"}7\n', { name: 'm', labels: { a: '1' }, value: 7 }],
    [
      'escaped quote',
      'm{a="say \\"hi\\""} 1\n',
      { name: 'm', labels: { a: 'say "hi"' }, value: 1 },
    ],
    [
      'escaped backslash',
      'm{a="C:\\\\dir"} 1\n',
      { name: 'm', labels: { a: 'C:\\dir' }, value: 1 },
    ],
    ['escaped line feed', 'm{a="x\\ny"} 1\n', { name: 'm', labels: { a: 'x\ny' }, value: 1 }],
    [
      'unknown escape kept as written',
      'm{a="x\\ty"} 1\n',
      { name: 'm', labels: { a: 'x\\ty' }, value: 1 },
    ],
    [
      'braces, commas and # inside a value',
      'm{a="{x,y}=#\\" z"} 1\n',
      { name: 'm', labels: { a: '{x,y}=#" z' }, value: 1 },
    ],
    ['colon in the name', 'job:up:sum 4\n', { name: 'job:up:sum', labels: {}, value: 4 }],
    ['negative float', 'm -1.5\n', { name: 'm', labels: {}, value: -1.5 }],
    ['exponent', 'm 1.5e3\n', { name: 'm', labels: {}, value: 1500 }],
    ['+Inf', 'm +Inf\n', { name: 'm', labels: {}, value: Number.POSITIVE_INFINITY }],
    ['-Inf', 'm -Inf\n', { name: 'm', labels: {}, value: Number.NEGATIVE_INFINITY }],
    ['CRLF line end', 'm{a="1"} 1\r\n', { name: 'm', labels: { a: '1' }, value: 1 }],
    ['no final line feed', 'm 1', { name: 'm', labels: {}, value: 1 }],
  ])('%s', (_label, text, expected) => {
    expect(parsePrometheusText(text).samples).toEqual([expected]);
  });

  it('reads NaN', () => {
    expect(parsePrometheusText('m NaN\n').samples[0]?.value).toBeNaN();
  });

  it('reads a timestamp', () => {
    expect(parsePrometheusText('m{a="1"} 3 1712312345000\n').samples).toEqual([
      { name: 'm', labels: { a: '1' }, value: 3, timestamp: 1712312345000 },
    ]);
  });

  it('skips comments and blank lines, and records TYPE lines', () => {
    const parsed = parsePrometheusText(
      '# HELP m A "help" text with \\\\ and {braces}\n# TYPE m gauge\n\n# a plain comment\nm 1\n# EOF\n',
    );
    expect(parsed.samples).toEqual([{ name: 'm', labels: {}, value: 1 }]);
    expect(parsed.types.get('m')).toBe('gauge');
  });

  it('reads an empty text as no samples', () => {
    expect(parsePrometheusText('')).toEqual({ samples: [], types: new Map() });
    expect(parsePrometheusText('\n\n').samples).toEqual([]);
  });
});

describe('parsePrometheusText: errors', () => {
  it.each<[string, string, number]>([
    ['an HTML page', '<!DOCTYPE html>\n<html></html>\n', 1],
    ['a JSON body', '{"status":"ok"}\n', 1],
    ['a label set cut short', 'a 1\nm{a="1",b="2', 2],
    ['an unterminated value at a line end', 'm{a="1} 1\n', 1],
    ['a missing value', 'm{a="1"}\n', 1],
    ['a missing value without labels', 'm\n', 1],
    ['a value that is not a number', 'm one\n', 1],
    ['a bad timestamp', 'm 1 soon\n', 1],
    ['text after the timestamp', 'm 1 2 3\n', 1],
    ['a label twice', 'm{a="1",a="2"} 1\n', 1],
    ['an unquoted label value', 'm{a=1} 1\n', 1],
    ['a missing "="', 'm{a"1"} 1\n', 1],
    ['a missing comma', 'm{a="1" b="2"} 1\n', 1],
    ['a bad label name', 'm{1a="1"} 1\n', 1],
    ['a TYPE line without a type', '# TYPE m\n', 1],
    ['an error on a later line', 'ok 1\n\nbad-name 1\n', 3],
  ])('rejects %s', (_label, text, line) => {
    let error: unknown;
    try {
      parsePrometheusText(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PrometheusParseError);
    expect((error as PrometheusParseError).line).toBe(line);
  });
});

describe('parsePrometheusText: Uptime Kuma fixtures', () => {
  it('reads Kuma 1.23 metrics with escaped label values', () => {
    const { samples, types } = parsePrometheusText(fixture('kuma-1.23.txt'));
    expect(types.get('monitor_status')).toBe('gauge');
    const statuses = samples.filter((sample) => sample.name === 'monitor_status');
    expect(statuses).toHaveLength(6);
    expect(statuses[1]?.labels).toEqual({
      monitor_name: 'RStudio "R" Server',
      monitor_type: 'keyword',
      monitor_url: 'https://rstudio.mmge.example.edu',
      monitor_hostname: 'null',
      monitor_port: 'null',
    });
    expect(statuses[3]?.labels.monitor_name).toBe('Wiki \\ docs\nsecond line');
    expect(statuses[3]?.labels.monitor_url).toBe(
      'https://wiki.mmge.example.edu/path\\with\\backslashes',
    );
    expect(
      samples.find((sample) => sample.name === 'nodejs_gc_duration_seconds_bucket')?.labels,
    ).toEqual({ le: '0.001', kind: 'minor' });
  });

  it('reads Kuma 2.x metrics with tag labels, monitor_id and window', () => {
    const { samples } = parsePrometheusText(fixture('kuma-2.0.txt'));
    const galaxy = samples.find((sample) => sample.name === 'monitor_status');
    expect(galaxy).toEqual({
      name: 'monitor_status',
      labels: {
        Team: 'genomics',
        env: 'prod',
        monitor_id: '1',
        monitor_name: 'Galaxy',
        monitor_type: 'http',
        monitor_url: 'https://galaxy.mmge.example.edu/',
        monitor_hostname: 'null',
        monitor_port: 'null',
      },
      value: 1,
    });
    expect(
      samples
        .filter((sample) => sample.name === 'monitor_uptime_ratio')
        .map((s) => s.labels.window),
    ).toEqual(['1d', '30d']);
  });

  it('rejects a truncated body and an HTML error page', () => {
    expect(() => parsePrometheusText(fixture('kuma-2.0-truncated.txt'))).toThrow(
      PrometheusParseError,
    );
    expect(() => parsePrometheusText(fixture('kuma-error-page.html'))).toThrow(
      PrometheusParseError,
    );
  });
});

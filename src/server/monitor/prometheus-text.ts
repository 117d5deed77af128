/**
 * A small parser for the Prometheus text exposition format (version 0.0.4), enough to read
 * Uptime Kuma's `/metrics`. It is strict about each line (a body cut in the middle of a sample, or
 * an HTML error page, is an error rather than a shorter list) and lenient where Prometheus itself
 * is: blanks between tokens, a trailing comma in a label set, unknown escapes kept as written,
 * comments other than HELP and TYPE, OpenMetrics' `# EOF`, CRLF line ends.
 *
 * Written here rather than taken from npm: the one published parser for this format has had no
 * release for years, and the part we need is small enough to test completely
 * (prometheus-text.test.ts).
 */

export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** Milliseconds since the epoch, when the line carries one. */
  timestamp?: number;
}

export interface PrometheusText {
  samples: PrometheusSample[];
  /** Metric family name -> declared type (`gauge`, `counter`, ...), from `# TYPE` lines. */
  types: Map<string, string>;
}

export class PrometheusParseError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'PrometheusParseError';
  }
}

const METRIC_NAME = /[a-zA-Z_:][a-zA-Z0-9_:]*/y;
const LABEL_NAME = /[a-zA-Z_][a-zA-Z0-9_]*/y;
const NUMBER = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)$/i;
const TIMESTAMP = /^-?\d+$/;

function isBlank(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

function parseNumber(token: string): number | undefined {
  if (!NUMBER.test(token)) return undefined;
  const lower = token.toLowerCase();
  if (lower.endsWith('nan')) return Number.NaN;
  if (lower.endsWith('inf') || lower.endsWith('infinity')) {
    return token.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  return Number(token);
}

/** Parses one sample line; throws a PrometheusParseError naming what is wrong. */
function parseSample(text: string, lineNumber: number): PrometheusSample {
  let at = 0;
  const fail = (reason: string): never => {
    throw new PrometheusParseError(lineNumber, reason);
  };
  const skipBlanks = () => {
    while (isBlank(text[at])) at += 1;
  };
  const match = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (!found) return undefined;
    at += found[0].length;
    return found[0];
  };

  skipBlanks();
  const name = match(METRIC_NAME) ?? fail('expected a metric name');
  skipBlanks();

  const labels: Record<string, string> = {};
  if (text[at] === '{') {
    at += 1;
    for (;;) {
      skipBlanks();
      if (text[at] === '}') break;
      const label = match(LABEL_NAME) ?? fail(`expected a label name in ${name}`);
      skipBlanks();
      if (text[at] !== '=') fail(`expected "=" after label ${label}`);
      at += 1;
      skipBlanks();
      if (text[at] !== '"') fail(`expected a quoted value for label ${label}`);
      at += 1;
      let value = '';
      for (;;) {
        const char = text[at];
        if (char === undefined) fail(`unterminated value of label ${label}`);
        if (char === '"') break;
        if (char === '\\') {
          const next = text[at + 1];
          if (next === undefined) fail(`unterminated value of label ${label}`);
          // The format defines \\, \" and \n; like Prometheus, keep any other escape as written.
          value += next === 'n' ? '\n' : next === '\\' || next === '"' ? next : `\\${next}`;
          at += 2;
          continue;
        }
        value += char;
        at += 1;
      }
      at += 1;
      if (Object.hasOwn(labels, label)) fail(`label ${label} appears twice`);
      labels[label] = value;
      skipBlanks();
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (text[at] !== '}') fail(`expected "," or "}" after label ${label}`);
    }
    at += 1;
  }

  const rest = text
    .slice(at)
    .trim()
    .split(/[ \t]+/);
  const [valueToken, timestampToken, extra] = rest;
  if (valueToken === undefined || valueToken === '') fail(`${name} has no value`);
  const value = parseNumber(valueToken as string);
  if (value === undefined) fail(`${name} has an invalid value "${valueToken}"`);
  if (extra !== undefined) fail(`unexpected text after the sample of ${name}`);
  const sample: PrometheusSample = { name, labels, value: value as number };
  if (timestampToken !== undefined) {
    if (!TIMESTAMP.test(timestampToken)) {
      fail(`${name} has an invalid timestamp "${timestampToken}"`);
    }
    sample.timestamp = Number(timestampToken);
  }
  return sample;
}

/** Parses a whole exposition; any malformed line makes it throw (no partial result). */
export function parsePrometheusText(text: string): PrometheusText {
  const samples: PrometheusSample[] = [];
  const types = new Map<string, string>();
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = (lines[index] as string).replace(/\r$/, '');
    const lineNumber = index + 1;
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (trimmed.startsWith('#')) {
      const [, keyword, name, ...rest] = trimmed.split(/[ \t]+/);
      if (keyword === 'TYPE') {
        if (name === undefined || rest.length !== 1) {
          throw new PrometheusParseError(lineNumber, 'a TYPE line needs a metric name and a type');
        }
        types.set(name, rest[0] as string);
      }
      continue;
    }
    samples.push(parseSample(line, lineNumber));
  }
  return { samples, types };
}

/**
 * Formats a message compiled by Lingui's compiler (`@lingui/message-utils`, run on the server;
 * decision 0037) with its values: text, `{name}` placeholders, `plural` and `selectordinal`
 * (exact `=N` cases, `offset`, `#` as the number in the language), `select` and `{n, number}`.
 * That is the whole of ICU the catalogs may use (src/server/i18n/catalogs.test.ts refuses the
 * rest: dates and styled numbers go through useLocale()'s Intl helpers). The same rules as Lingui's own runtime,
 * without the ~2 KB of it the page would otherwise carry.
 */
export type CompiledMessage = string | readonly CompiledToken[];
type CompiledToken = string | readonly [string, string?, Record<string, unknown>?];

export interface MessageFormats {
  plural(ordinal: boolean): Intl.PluralRules;
  number: Intl.NumberFormat;
}

const own = (object: object, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(object, key)
    ? (object as Record<string, unknown>)[key]
    : undefined;

export function formatMessage(
  message: unknown,
  values: Record<string, unknown>,
  formats: MessageFormats,
  count?: number,
): string {
  if (typeof message === 'string') return message;
  if (!Array.isArray(message)) return '';
  let out = '';
  for (const token of message as CompiledToken[]) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? formats.number.format(count) : token;
      continue;
    }
    const [name, type, cases = {}] = token;
    const value = own(values, name);
    if (type === 'plural' || type === 'selectordinal') {
      const offset = typeof cases.offset === 'number' ? cases.offset : 0;
      const n = Number(value);
      const branch =
        own(cases, String(n)) ??
        own(cases, formats.plural(type === 'selectordinal').select(n - offset)) ??
        cases.other;
      out += formatMessage(branch, values, formats, n - offset);
    } else if (type === 'select') {
      out += formatMessage(own(cases, String(value)) ?? cases.other, values, formats, count);
    } else if (type === 'number') {
      out += formats.number.format(Number(value));
    } else if (value !== undefined && value !== null) {
      out += String(value);
    }
  }
  return out;
}

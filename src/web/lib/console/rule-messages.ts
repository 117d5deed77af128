import type { MessageValues, Translate } from '../i18n.js';

/**
 * The shared rules of app fields (src/shared/catalog/app-rules.ts) answer stable English, the
 * same for the form and the API's `data.fields`; each known message maps to an id of the admin
 * catalog with its values, so people read it in their language. A message the console does not
 * know (a newer server) is shown as the server wrote it, after the field's label.
 */
const RULES: readonly [RegExp, string, ((match: RegExpExecArray) => MessageValues)?][] = [
  [/^is required$/, 'admin.rules.required'],
  [/^must be at most (\d+) characters$/, 'admin.rules.maxLength', (m) => ({ max: Number(m[1]) })],
  [/^must be one line of plain text \(no control characters\)$/, 'admin.rules.oneLine'],
  [/^must be plain text \(no control characters\)$/, 'admin.rules.plainText'],
  [/^must be an http\(s\) URL \(got (.*)\)$/s, 'admin.rules.url', (m) => ({ value: m[1] })],
  [
    /^must be lowercase letters, digits, "-" or "_" \(got (.*)\)$/s,
    'admin.rules.idPatternGot',
    (m) => ({ value: m[1] }),
  ],
  [/^must be lowercase letters, digits, "-" or "_"$/, 'admin.rules.idPattern'],
  [/^is missing and cannot be derived from the name$/, 'admin.rules.idMissing'],
  [/^cannot be changed \(/, 'admin.rules.idImmutable'],
  [/^must be text$/, 'admin.rules.text'],
  [/^is not a known field$/, 'admin.rules.unknownField'],
  [/^must be true or false$/, 'admin.rules.boolean'],
  [/^must be a list of group names$/, 'admin.rules.groupList'],
  [/^must hold at most (\d+) groups$/, 'admin.rules.maxGroups', (m) => ({ max: Number(m[1]) })],
  [
    /^group names must be at most (\d+) characters$/,
    'admin.rules.groupLength',
    (m) => ({ max: Number(m[1]) }),
  ],
  [/^group names must be one line of plain text/, 'admin.rules.groupOneLine'],
  [
    /^must be one of (.*) \(got (.*)\)$/s,
    'admin.rules.oneOf',
    (m) => ({ values: m[1], value: m[2] }),
  ],
  [/^must be one of ([^()]*)$/s, 'admin.rules.oneOfPlain', (m) => ({ values: m[1] })],
  // Notices (src/shared/notices/notice-rules.ts).
  [/^must be one line of plain text$/, 'admin.rules.oneLinePlain'],
  [/^must be a date and time with a time zone/, 'admin.rules.dateTime'],
  [/^must be after the start$/, 'admin.rules.afterStart'],
  [
    /^must be at most (\d+) days after the start$/,
    'admin.rules.maxDays',
    (m) => ({ days: Number(m[1]) }),
  ],
  [
    /^must be a list of at most (\d+) app ids$/,
    'admin.rules.appIdList',
    (m) => ({ max: Number(m[1]) }),
  ],
  [/^has an invalid app id \(got (.*)\)$/s, 'admin.rules.appId', (m) => ({ value: m[1] })],
];

/** "Link must be an http(s) URL (got "x")" in the viewer's language, the field named by `label`. */
export function ruleMessage(t: Translate, label: string, message: string): string {
  for (const [pattern, id, values] of RULES) {
    const match = pattern.exec(message);
    if (match) return t(id, { field: label, ...(values ? values(match) : {}) });
  }
  return t('admin.rules.other', { field: label, message });
}

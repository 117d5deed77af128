import { describe, expect, it } from 'vitest';
import { fallbackLocale } from '../../../lib/i18n.js';
import { auditDiff, readable } from './audit-diff.js';

/** English, as component tests speak it (the test set-up loads the English catalogs). */
const { t } = fallbackLocale;

describe('the audit diff', () => {
  it('lists only the changed fields, readably', () => {
    expect(
      auditDiff(t, {
        before: { name: 'A', isPublic: false, associatedGroups: [] },
        after: { name: 'A', isPublic: true, associatedGroups: ['x', 'y'] },
      }),
    ).toEqual([
      { field: 'isPublic', before: 'no', after: 'yes' },
      { field: 'associatedGroups', before: '(none)', after: 'x, y' },
    ]);
  });
  it('shows every field of a creation', () => {
    expect(auditDiff(t, { before: null, after: { name: 'A', doc: '' } })).toEqual([
      { field: 'name', before: '—', after: 'A' },
      { field: 'doc', before: '—', after: '(empty)' },
    ]);
    expect(readable(t, '')).toBe('(empty)');
  });
});

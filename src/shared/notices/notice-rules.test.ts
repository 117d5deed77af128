import { describe, expect, it } from 'vitest';
import { checkNoticeFields, type NoticeFields } from './notice-rules.js';

const valid = {
  title: 'Upgrade',
  severity: 'maintenance',
  startsAt: '2026-11-03T08:00:00Z',
  endsAt: '2026-11-03T10:00:00+01:00',
};

describe('checkNoticeFields', () => {
  it('normalises a valid notice: trimmed text, UTC times, unique app ids', () => {
    expect(checkNoticeFields({ ...valid, text: ' Hi \n', appIds: ['a', 'a', 'b'] })).toEqual({
      fields: {
        title: 'Upgrade',
        text: 'Hi',
        severity: 'maintenance',
        startsAt: '2026-11-03T08:00:00.000Z',
        endsAt: '2026-11-03T09:00:00.000Z',
        appIds: ['a', 'b'],
        audience: { kind: 'everyone', groups: [] },
        requireAck: false,
        mailAudience: false,
      },
      errors: {},
    });
  });

  it('takes an audience (group names normalised) and requireAck', () => {
    const { fields, errors } = checkNoticeFields({
      ...valid,
      audience: { kind: 'groups', groups: ['/genomics', ' staff ', 'genomics'] },
      requireAck: true,
    });
    expect(errors).toEqual({});
    expect(fields.audience).toEqual({ kind: 'groups', groups: ['genomics', 'staff'] });
    expect(fields.requireAck).toBe(true);
    expect(
      checkNoticeFields({ ...valid, audience: { kind: 'signed-in' } }).fields.audience,
    ).toEqual({ kind: 'signed-in', groups: [] });
  });

  it.each<[string, unknown, string]>([
    [
      'groups without a group',
      { kind: 'groups', groups: [] },
      'groups must name at least one group',
    ],
    [
      'groups not a list',
      { kind: 'groups', groups: 'a' },
      'groups must be a list of at most 50 group names',
    ],
    ['blank group', { kind: 'groups', groups: ['/ '] }, 'groups must be group names'],
    ['unknown kind', { kind: 'admins' }, 'kind must be one of everyone, signed-in, groups'],
    ['not an object', 'everyone', 'must be an object with a kind'],
    ['unknown field', { kind: 'everyone', html: 1 }, 'has an unknown field "html"'],
  ])('refuses an audience: %s', (_name, audience, message) => {
    expect(checkNoticeFields({ ...valid, audience }).errors).toEqual({ audience: message });
  });

  it('takes mailAudience, and refuses one that is not a boolean', () => {
    expect(checkNoticeFields({ ...valid, mailAudience: true }).fields.mailAudience).toBe(true);
    expect(checkNoticeFields({ ...valid, mailAudience: 1 }).errors).toEqual({
      mailAudience: 'must be true or false',
    });
  });

  it('refuses a requireAck that is not a boolean', () => {
    expect(checkNoticeFields({ ...valid, requireAck: 'yes' }).errors).toEqual({
      requireAck: 'must be true or false',
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['missing title', { title: undefined }, { title: 'is required' }],
    ['number title', { title: 5 }, { title: 'must be text' }],
    ['list title', { title: ['a'] }, { title: 'must be text' }],
    ['two-line title', { title: 'a\nb' }, { title: 'must be one line of plain text' }],
    ['long title', { title: 'x'.repeat(201) }, { title: 'must be at most 200 characters' }],
    ['long text', { text: 'x'.repeat(2001) }, { text: 'must be at most 2000 characters' }],
    ['control text', { text: 'a\u0007' }, { text: 'must be plain text (no control characters)' }],
    [
      'severity',
      { severity: 'danger' },
      { severity: 'must be one of info, maintenance, incident' },
    ],
    [
      'time without zone',
      { startsAt: '2026-11-03T08:00' },
      { startsAt: 'must be a date and time with a time zone, e.g. 2026-11-03T08:00:00Z' },
    ],
    ['not a date', { endsAt: 'tomorrow' }, { endsAt: expect.stringMatching(/^must be a date/) }],
    ['end before start', { endsAt: '2026-11-03T07:00:00Z' }, { endsAt: 'must be after the start' }],
    ['end equals start', { endsAt: valid.startsAt }, { endsAt: 'must be after the start' }],
    [
      'longer than 90 days',
      { endsAt: '2027-02-02T08:00:01Z' },
      { endsAt: 'must be at most 90 days after the start' },
    ],
    ['app ids not a list', { appIds: 'a' }, { appIds: 'must be a list of at most 100 app ids' }],
    ['bad app id', { appIds: ['Bad Id'] }, { appIds: 'has an invalid app id (got "Bad Id")' }],
    ['unknown field', { html: '<b>' }, { html: 'is not a notice field' }],
  ])('%s', (_name, change, errors) => {
    expect(checkNoticeFields({ ...valid, ...change }).errors).toEqual(errors);
  });

  it('checks a change against the current notice', () => {
    const base: NoticeFields = {
      title: 'Upgrade',
      text: '',
      severity: 'info',
      startsAt: '2026-11-03T08:00:00.000Z',
      endsAt: '2026-11-03T10:00:00.000Z',
      appIds: [],
      audience: { kind: 'everyone', groups: [] },
      requireAck: false,
      mailAudience: false,
    };
    expect(checkNoticeFields({ title: 'New' }, base)).toEqual({
      fields: { ...base, title: 'New' },
      errors: {},
    });
    expect(checkNoticeFields({ startsAt: '2026-11-03T11:00:00Z' }, base).errors).toEqual({
      endsAt: 'must be after the start',
    });
  });
});

describe('checkNoticeFields and prototype keys', () => {
  it('names __proto__, constructor and prototype as errors that no key can pollute', () => {
    const raw = JSON.parse(
      '{"__proto__": {"title": "x"}, "constructor": 1, "prototype": 2}',
    ) as Record<string, unknown>;
    const { errors } = checkNoticeFields({ ...valid, ...raw });
    expect(Object.keys(errors)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(errors.constructor).toBe('is a reserved name, not a field');
  });
});

import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  isTimeZone,
  rowValues,
  settingsFromRow,
  validateSettings,
} from './subscription-settings.js';
import type { SubscriptionRow } from './subscriptions.table.js';

const ROW: SubscriptionRow = {
  userSubject: 'alice',
  allFavorites: 1,
  events: '["notice","down"]',
  emailChannel: 0,
  digestMinutes: 60,
  quietFrom: '22:00',
  quietTo: '07:00',
  timeZone: 'Europe/Berlin',
  language: 'de',
  calendarSecretDigest: 'digest',
  created: '2026-11-03T09:00:00.000Z',
  updated: '2026-11-03T09:00:00.000Z',
};

describe('settingsFromRow', () => {
  it('reads a row, and gives the defaults in the language asked for without one', () => {
    expect(settingsFromRow(ROW)).toEqual({
      allFavorites: true,
      events: ['down', 'notice'],
      channels: { email: false },
      digestMinutes: 60,
      quietHours: { from: '22:00', to: '07:00', timeZone: 'Europe/Berlin' },
      language: 'de',
      calendar: true,
      timeZone: 'Europe/Berlin',
    });
    expect(settingsFromRow(undefined, 'fr')).toEqual(defaultSettings('fr'));
    expect(defaultSettings('en')).toMatchObject({
      events: ['down', 'up'],
      channels: { email: true },
      digestMinutes: 0,
      quietHours: null,
    });
  });

  it('tolerates values written by hand: unknown events, bad digests, times and zones', () => {
    const odd = settingsFromRow({
      ...ROW,
      events: '["down","exploded",3]',
      digestMinutes: 99999,
      quietFrom: '7am',
      timeZone: 'Mars/Base',
      language: 'xx',
      calendarSecretDigest: null,
    });
    expect(odd).toMatchObject({
      events: ['down'],
      digestMinutes: 0,
      quietHours: null,
      timeZone: 'UTC',
      language: 'en',
      calendar: false,
    });
    expect(settingsFromRow({ ...ROW, events: 'not json' }).events).toEqual(['down', 'up']);
  });

  it('round-trips through the columns', () => {
    const settings = settingsFromRow(ROW);
    expect(settingsFromRow({ ...ROW, ...rowValues(settings) })).toEqual(settings);
  });
});

describe('validateSettings', () => {
  const input = {
    allFavorites: false,
    events: ['up', 'down', 'up'],
    emailChannel: true,
    digestMinutes: 1440,
    quietHours: { from: '23:59', to: '00:00', timeZone: 'America/Argentina/Buenos_Aires' },
  };

  it('takes the limits and orders the events, keeping language and calendar', () => {
    const current = { ...defaultSettings('es'), calendar: true };
    expect(validateSettings(input, current)).toEqual({
      ...current,
      events: ['down', 'up'],
      digestMinutes: 1440,
      quietHours: input.quietHours,
      timeZone: 'America/Argentina/Buenos_Aires',
    });
  });

  it('knows IANA time zones and nothing else', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    for (const zone of ['', 'Nowhere/Land', '../../etc/passwd', 'x'.repeat(80), 42]) {
      expect(isTimeZone(zone)).toBe(false);
    }
  });
});

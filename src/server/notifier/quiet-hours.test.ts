import { describe, expect, it } from 'vitest';
import { inQuietHours, localMinutes } from './quiet-hours.js';

const at = (iso: string) => Date.parse(iso);

describe('quiet hours', () => {
  it('cross midnight: 22:00 to 07:00 holds at night, not by day', () => {
    expect(inQuietHours(at('2026-06-01T21:59:00Z'), '22:00', '07:00', 'UTC')).toBe(false);
    expect(inQuietHours(at('2026-06-01T22:00:00Z'), '22:00', '07:00', 'UTC')).toBe(true);
    expect(inQuietHours(at('2026-06-02T03:00:00Z'), '22:00', '07:00', 'UTC')).toBe(true);
    expect(inQuietHours(at('2026-06-02T06:59:00Z'), '22:00', '07:00', 'UTC')).toBe(true);
    expect(inQuietHours(at('2026-06-02T07:00:00Z'), '22:00', '07:00', 'UTC')).toBe(false);
  });

  it('within a day: 12:00 to 13:00', () => {
    expect(inQuietHours(at('2026-06-01T12:30:00Z'), '12:00', '13:00', 'UTC')).toBe(true);
    expect(inQuietHours(at('2026-06-01T13:30:00Z'), '12:00', '13:00', 'UTC')).toBe(false);
  });

  it('none when empty, malformed or equal', () => {
    const noon = at('2026-06-01T12:00:00Z');
    expect(inQuietHours(noon, '', '', 'UTC')).toBe(false);
    expect(inQuietHours(noon, '25:00', '07:00', 'UTC')).toBe(false);
    expect(inQuietHours(noon, '12:00', '12:00', 'UTC')).toBe(false);
  });

  it('an unknown time zone reads as UTC', () => {
    expect(localMinutes(at('2026-06-01T10:15:00Z'), 'Mars/Olympus')).toBe(10 * 60 + 15);
  });

  // Europe/Berlin: 2026-03-29 02:00 CET -> 03:00 CEST; 2026-10-25 03:00 CEST -> 02:00 CET.
  it('follows the wall clock across the change to summer time (Europe/Berlin, 2026-03-29)', () => {
    const zone = 'Europe/Berlin';
    // 05:30 UTC is 07:30 CEST: quiet hours (till 07:00) are over, though 06:30 in winter time.
    expect(localMinutes(at('2026-03-29T05:30:00Z'), zone)).toBe(7 * 60 + 30);
    expect(inQuietHours(at('2026-03-29T05:30:00Z'), '22:00', '07:00', zone)).toBe(false);
    // 04:30 UTC is 06:30 CEST: still quiet.
    expect(inQuietHours(at('2026-03-29T04:30:00Z'), '22:00', '07:00', zone)).toBe(true);
    // The evening before (CET): 21:30 UTC is 22:30 local.
    expect(inQuietHours(at('2026-03-28T21:30:00Z'), '22:00', '07:00', zone)).toBe(true);
    expect(inQuietHours(at('2026-03-28T20:30:00Z'), '22:00', '07:00', zone)).toBe(false);
  });

  it('follows the wall clock across the change back to winter time (2026-10-25)', () => {
    const zone = 'Europe/Berlin';
    // 05:30 UTC is 06:30 CET: still quiet, though 07:30 in summer time.
    expect(localMinutes(at('2026-10-25T05:30:00Z'), zone)).toBe(6 * 60 + 30);
    expect(inQuietHours(at('2026-10-25T05:30:00Z'), '22:00', '07:00', zone)).toBe(true);
    expect(inQuietHours(at('2026-10-25T06:00:00Z'), '22:00', '07:00', zone)).toBe(false);
    // The evening before (CEST): 20:30 UTC is 22:30 local.
    expect(inQuietHours(at('2026-10-24T20:30:00Z'), '22:00', '07:00', zone)).toBe(true);
  });
});

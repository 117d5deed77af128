import { describe, expect, it } from 'vitest';
import { kumaStatusPage1, kumaStatusPage2 } from '../test-support/kuma-status-pages.js';
import { kumaTime, MAX_NOTICES, noticesFromStatusPage, plainText } from './kuma-status-page.js';
import { SourceError } from './source.js';

const NOW = Date.parse('2026-11-03T09:00:00Z');

describe('noticesFromStatusPage', () => {
  it('reads Kuma 1.23’s pinned incident and active maintenance (UTC SQLite dates)', () => {
    const page = kumaStatusPage1({
      incident: { title: 'Storage is slow', content: 'We are on it.', style: 'danger' },
      maintenance: [
        {
          id: 4,
          title: 'Upgrade',
          description: 'Galaxy upgrade',
          start: '2026-11-03 08:30:00',
          end: '2026-11-03 10:00:00',
        },
      ],
    });
    expect(noticesFromStatusPage(JSON.stringify(page), NOW)).toEqual([
      {
        id: expect.stringMatching(/^kuma-incident-1-/),
        kind: 'incident',
        title: 'Storage is slow',
        text: 'We are on it.',
        severity: 'danger',
        start: '2026-11-03T08:00:00.000Z',
        end: null,
      },
      {
        id: expect.stringMatching(/^kuma-maintenance-4-/),
        kind: 'maintenance',
        title: 'Upgrade',
        text: 'Galaxy upgrade',
        severity: 'warning',
        start: '2026-11-03T08:30:00.000Z',
        end: '2026-11-03T10:00:00.000Z',
      },
    ]);
  });

  it('reads Kuma 2.x’s incident list and ISO dates; skips ended windows', () => {
    const page = kumaStatusPage2({
      incidents: [{ id: 7, title: 'VPN down', content: 'Use the web gateway.' }],
      maintenance: [
        {
          id: 1,
          title: 'Past',
          description: '',
          start: '2026-11-02T08:00:00Z',
          end: '2026-11-02T09:00:00Z',
        },
        {
          id: 2,
          title: 'Now',
          description: '',
          start: '2026-11-03T08:00:00Z',
          end: '2026-11-03T12:00:00Z',
        },
      ],
    });
    const notices = noticesFromStatusPage(JSON.stringify(page), NOW);
    expect(notices.map((notice) => `${notice.kind}:${notice.title}`)).toEqual([
      'incident:VPN down',
      'maintenance:Now',
    ]);
    expect(notices[0]?.severity).toBe('info');
  });

  it('keeps HTML out of the text: tags removed, the rest left as plain text', () => {
    const page = kumaStatusPage1({
      incident: {
        title: '<b>Outage</b>',
        content: 'Read <a href="javascript:alert(1)">this</a><img src=x onerror=alert(1)> & 1 < 2',
      },
    });
    const [notice] = noticesFromStatusPage(JSON.stringify(page), NOW);
    expect(notice?.title).toBe('Outage');
    expect(notice?.text).toBe('Read this & 1 < 2');
  });

  it('caps the number and the length of notices', () => {
    const page = kumaStatusPage2({
      incidents: Array.from({ length: 30 }, (_, id) => ({
        id,
        title: `#${id}`,
        content: 'x'.repeat(5000),
      })),
    });
    const notices = noticesFromStatusPage(JSON.stringify(page), NOW);
    expect(notices).toHaveLength(MAX_NOTICES);
    expect(notices[0]?.text.length).toBeLessThanOrEqual(2000);
  });

  it('has no notices for a page with neither; refuses what is not a status page', () => {
    expect(noticesFromStatusPage(JSON.stringify(kumaStatusPage1({})), NOW)).toEqual([]);
    expect(() => noticesFromStatusPage('<html>', NOW)).toThrow(SourceError);
    expect(() => noticesFromStatusPage('{"ok":false}', NOW)).toThrow(SourceError);
    expect(() => noticesFromStatusPage('{"config":', NOW)).toThrow(SourceError);
  });
});

describe('helpers', () => {
  it.each([
    ['2026-11-03 08:00:00', '2026-11-03T08:00:00.000Z'],
    ['2026-11-03T08:00:00+01:00', '2026-11-03T07:00:00.000Z'],
    ['', null],
    ['soon', null],
    [42, null],
  ])('kumaTime(%j) = %j', (value, expected) => {
    expect(kumaTime(value)).toBe(expected);
  });

  it('plainText drops control characters and trims', () => {
    expect(plainText(' a\u0000b\n\n\n\nc ', 100)).toBe('ab\n\nc');
    expect(plainText(undefined, 10)).toBe('');
  });
});

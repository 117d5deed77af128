// Decision 0057: on a server-rendered page, the status texts make no Intl object before the
// visitor's first interaction; the uptimes and notices' periods show what the server wrote.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../../../shared/status/history-schemas.js';
import {
  createLocale,
  LocaleProvider,
  numberSymbols,
  type ServerFormats,
} from '../../../lib/i18n.js';
import { messagesOf } from '../../../test-support/messages.js';
import { waitForInteraction } from '../hooks/use-interacted.js';
import { createStatusStore } from '../stores/status-store.js';
import { noticePeriodKey, serverStatusTexts } from '../utils/status-text.js';
import { AppStatusDetails, AppStatusIndicator } from './app-status.js';
import { NoticeBanner } from './notice-banner.js';

const APP = { id: 'galaxy', name: 'Galaxy', link: 'https://galaxy.example.edu/' };
const NOTICE: Notice = {
  id: 'kuma-maintenance-1',
  kind: 'maintenance',
  title: 'Storage upgrade',
  text: '',
  severity: 'warning',
  start: '2026-11-03T08:00:00.000Z',
  end: '2026-11-03T12:00:00.000Z',
};
const NAMES = ['Collator', 'DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat'];

/** Counts every Intl object made from now on (each constructor, with or without `new`). */
function countIntl(): { made: string[]; restore(): void } {
  const made: string[] = [];
  const intl = Intl as unknown as Record<string, unknown>;
  const originals = new Map(NAMES.map((name) => [name, intl[name]]));
  for (const name of NAMES) {
    const Original = originals.get(name) as new (...args: unknown[]) => object;
    intl[name] = new Proxy(Original, {
      construct: (target, args) => (made.push(name), Reflect.construct(target, args)),
      apply: (target, self, args) => (
        made.push(name),
        Reflect.apply(target, self, args) as unknown
      ),
    });
  }
  return { made, restore: () => originals.forEach((value, name) => (intl[name] = value)) };
}

function statusStore() {
  const store = createStatusStore({ notices: { notices: [NOTICE], maintenance: [] } });
  store.getState().setItems([
    {
      id: APP.id,
      url: APP.link,
      status: 0,
      since: new Date(Date.now() - 10 * 60_000 - 5_000).toISOString(),
      responseMs: 87,
      checkedAt: new Date().toISOString(),
      stale: false,
    },
  ]);
  store.getState().setStrips({
    range: '24h',
    bucketMinutes: 30,
    end: new Date().toISOString(),
    items: [{ appId: 'galaxy', uptime: 0.9987, strip: `${'u'.repeat(46)}dd`, changesLastHour: 1 }],
  });
  return store;
}

let interact: () => void;
let server: ServerFormats;
beforeEach(() => {
  // What entry-server.tsx sends, made before anything is counted.
  const english = createLocale('en', messagesOf('en'));
  server = { ...numberSymbols('en'), texts: serverStatusTexts(english, [NOTICE]) };
  interact = waitForInteraction(document);
});
afterEach(() => interact());

function renderPage(store = statusStore()) {
  return render(
    <LocaleProvider locale={createLocale('en', messagesOf('en'), server)}>
      <NoticeBanner store={store} />
      <AppStatusIndicator app={APP} store={store} />
      <AppStatusDetails app={APP} store={store} />
    </LocaleProvider>,
  );
}

describe('the status before the first interaction (decision 0057)', () => {
  it('makes no Intl object: the uptime in the server digits, the period as the server wrote it', () => {
    const intl = countIntl();
    try {
      renderPage();
      expect(intl.made).toEqual([]);
    } finally {
      intl.restore();
    }
    expect(screen.getByText('Nov 3, 08:00 UTC – Nov 3, 12:00 UTC')).toBeInTheDocument();
    const strip = screen.getByRole('button', { name: /^Status history of Galaxy/ });
    expect(strip).toHaveTextContent(
      'Status history of Galaxy. Last 24 hours: up 99.87% of the time. Latest period: down.',
    );
    expect(strip).not.toHaveTextContent('Down for');
    expect(screen.getByRole('img', { name: 'Down' })).toHaveAttribute('data-tip', 'Down');
  });

  it('writes since when, how fast and the slots in trouble with the first interaction', () => {
    renderPage();
    const intl = countIntl();
    try {
      act(() => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
      expect(intl.made.length).toBeGreaterThan(0);
    } finally {
      intl.restore();
    }
    expect(screen.getByRole('img', { name: 'Down' })).toHaveAttribute(
      'data-tip',
      'Down for 10 min · 87 ms',
    );
    const strip = screen.getByRole('button', { name: /^Status history of Galaxy/ });
    expect(strip).toHaveTextContent('Down for 10 min · 87 ms.');
    expect(strip).toHaveTextContent('Down in 2 of 48 periods of 30 min.');
    // The server's period is still right (UTC, as every page says it): kept.
    expect(screen.getByText('Nov 3, 08:00 UTC – Nov 3, 12:00 UTC')).toBeInTheDocument();
  });

  it('formats a notice the server did not (one that changed since) by itself', () => {
    const store = statusStore();
    const moved = { ...NOTICE, end: '2026-11-03T14:00:00.000Z' };
    expect(server.texts[noticePeriodKey(moved)]).toBeUndefined();
    act(() => store.getState().setNotices({ notices: [moved], maintenance: [] }));
    renderPage(store);
    expect(screen.getByText('Nov 3, 08:00 UTC – Nov 3, 14:00 UTC')).toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '../../../lib/i18n.js';
import { localeFor } from '../../../test-support/messages.js';
import { createStatusStore } from '../stores/status-store.js';
import { AppStatusDetails, AppStatusIndicator } from './app-status.js';

const APP = { id: 'galaxy', name: 'Galaxy', link: 'https://galaxy.example.edu/' };
const spaced = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('the status in German', () => {
  it('labels the indicator and says since when and how fast, with real plurals', () => {
    const store = createStatusStore();
    act(() => {
      store.getState().setItems([
        {
          id: APP.id,
          url: APP.link,
          status: 0,
          since: new Date(Date.now() - 12 * 60_000 - 5_000).toISOString(),
          responseMs: 1234,
          checkedAt: new Date().toISOString(),
          stale: false,
        },
      ]);
      store.getState().setStrips({
        range: '24h',
        bucketMinutes: 30,
        end: new Date().toISOString(),
        items: [
          { appId: 'galaxy', uptime: 0.9987, strip: `${'u'.repeat(46)}dd`, changesLastHour: 1 },
        ],
      });
    });
    render(
      <LocaleProvider locale={localeFor('de')}>
        <AppStatusIndicator app={APP} store={store} />
        <AppStatusDetails app={APP} store={store} />
      </LocaleProvider>,
    );
    const indicator = screen.getByRole('img', { name: 'Ausgefallen' });
    expect(spaced(indicator.getAttribute('data-tip') ?? null)).toBe(
      'Ausgefallen seit 12 Min. · 1.234 ms',
    );
    const history = screen.getByRole('button', { expanded: false });
    expect(spaced(history.textContent)).toContain(
      'Statusverlauf von Galaxy. Ausgefallen seit 12 Min. · 1.234 ms. Letzte 24 Stunden: 99,87 % der Zeit in Betrieb. Ausgefallen in 2 von 48 Zeiträumen (je 30 Min.).',
    );
    expect(spaced(history.textContent)).toContain('99,87 %');
  });
});

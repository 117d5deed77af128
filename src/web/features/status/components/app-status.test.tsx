import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import axe from 'axe-core';
import type { Uptime } from '../../../../shared/status/history-schemas.js';
import { server } from '../../../test-support/server.js';
import { createStatusStore } from '../stores/status-store.js';
import { AppStatusDetails, AppStatusIndicator } from './app-status.js';

const APP = { id: 'galaxy', name: 'Galaxy', link: 'https://galaxy.example.edu/' };
const TEN_MIN_AGO = () => new Date(Date.now() - 10 * 60_000 - 5_000).toISOString();

function storeWithData() {
  const store = createStatusStore();
  act(() => {
    store.getState().setItems([
      {
        id: APP.id,
        url: APP.link,
        status: 0,
        since: TEN_MIN_AGO(),
        responseMs: 87,
        checkedAt: new Date().toISOString(),
        stale: false,
      },
    ]);
    store.getState().setStrips({
      range: '24h',
      bucketMinutes: 30,
      end: new Date().toISOString(),
      items: [{ appId: 'galaxy', uptime: 0.99, strip: `${'u'.repeat(46)}pd`, changesLastHour: 1 }],
    });
  });
  return store;
}

function uptime(range: Uptime['range'] = '24h'): Uptime {
  const now = Date.now();
  return {
    appId: 'galaxy',
    range,
    uptime: 0.99,
    lastChange: new Date(now - 10 * 60_000).toISOString(),
    buckets: Array.from({ length: range === '24h' ? 48 : range === '7d' ? 168 : 30 }, (_, i) => ({
      start: new Date(now - (48 - i) * 1_800_000).toISOString(),
      up: i === 47 ? 0.5 : 1,
      down: i === 47 ? 0.5 : 0,
      pending: 0,
      maintenance: 0,
      unknown: 0,
    })),
    changes: [
      { state: 'down', since: new Date(now - 10 * 60_000).toISOString(), until: null },
      {
        state: 'up',
        since: new Date(now - 3 * 86_400_000).toISOString(),
        until: new Date(now - 10 * 60_000).toISOString(),
      },
    ],
  };
}

describe('AppStatusIndicator', () => {
  it('says the state, since when and the response time in its tooltip', () => {
    const store = storeWithData();
    render(<AppStatusIndicator app={APP} store={store} />);
    const indicator = screen.getByRole('img', { name: 'Down' });
    expect(indicator).toHaveAttribute('data-tip', 'Down for 10 min · 87 ms');
  });

  it('finds the status by id and says where it was seen when the visitor is not there', () => {
    const store = storeWithData();
    // Seen from outside the networks it answers on: no link, the networks named.
    const outside = { ...APP, link: null, onlyFrom: { networks: ['Campus network', 'VPN'] } };
    const { unmount } = render(<AppStatusIndicator app={outside} store={store} />);
    expect(
      screen.getByRole('img', { name: 'Down (on Campus network or VPN)' }),
    ).toBeInTheDocument();
    unmount();
    // From the campus: its campus address, the status as it is.
    const inside = { ...APP, link: 'https://galaxy.campus.example.edu/' };
    render(<AppStatusIndicator app={inside} store={store} />);
    expect(screen.getByRole('img', { name: 'Down' })).toBeInTheDocument();
  });

  it('says nothing of where when the status is unknown', () => {
    const outside = { ...APP, link: null, onlyFrom: { networks: ['Campus network'] } };
    render(<AppStatusIndicator app={outside} store={createStatusStore()} />);
    expect(screen.getByRole('img', { name: 'Unknown' })).toBeInTheDocument();
  });
});

describe('AppStatusDetails', () => {
  it('shows no strip before the data is known (the card’s grid keeps its row: styles.css)', () => {
    const { container } = render(<AppStatusDetails app={APP} store={createStatusStore()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the 24 h strip with its red tail and the uptime; screen readers get the facts', () => {
    render(<AppStatusDetails app={APP} store={storeWithData()} />);
    const button = screen.getByRole('button', { name: /^Status history of Galaxy/ });
    expect(button).toHaveAccessibleName(
      expect.stringContaining('Down for 10 min · 87 ms. Last 24 hours: up 99% of the time'),
    );
    expect(button).toHaveAccessibleName(
      expect.stringContaining('Down in 1 of 48 periods of 30 min'),
    );
    // The uptime and the bars are painted by styles.css (`.app-strip`), without elements.
    expect(button).toHaveAttribute('data-uptime', '99%');
    expect(button.childElementCount).toBe(1);
    const strip = button.getAttribute('data-strip') ?? '';
    expect(strip).toHaveLength(48);
    expect(strip.slice(-2)).toBe('pd');
    // One layer per state, told apart by height as well as colour.
    expect(button.style.getPropertyValue('--slots')).toBe('48');
    expect(button.style.getPropertyValue('--strip-size').split(',')).toHaveLength(3);
    expect(new Set(button.style.getPropertyValue('--strip-size').split(',')).size).toBe(3);
  });

  it('marks an app in maintenance', () => {
    const store = createStatusStore();
    act(() => store.getState().setNotices({ notices: [], maintenance: ['galaxy'] }));
    render(<AppStatusDetails app={APP} store={store} />);
    expect(screen.getByText('Maintenance')).toHaveAttribute('data-maintenance', 'true');
  });

  it('opens a panel with 24 h, 7 d and 30 d views and the recent changes; axe-clean', async () => {
    const ranges: string[] = [];
    server.use(
      http.get('/api/apps/galaxy/uptime', ({ request }) => {
        const range = (new URL(request.url).searchParams.get('range') ?? '24h') as Uptime['range'];
        ranges.push(range);
        return HttpResponse.json(uptime(range));
      }),
    );
    const user = userEvent.setup();
    const { container } = render(
      <main>
        <AppStatusDetails app={APP} store={storeWithData()} />
      </main>,
    );
    const button = screen.getByRole('button', { name: /^Status history of Galaxy/ });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: 'Status history of Galaxy' });
    const changes = await within(panel).findAllByRole('listitem');
    expect(changes[0]).toHaveTextContent(/^Down from \d\d:\d\d UTC until now \(10 min\)$/);
    expect(changes[1]).toHaveTextContent(/^Up & Running from/);
    expect(panel).toHaveTextContent('Last 24 hours: up 99% of the time');
    await user.click(within(panel).getByRole('button', { name: '7 days' }));
    expect(await within(panel).findByText(/^Last 7 days/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: '30 days' }));
    expect(await within(panel).findByText(/^Last 30 days/)).toBeInTheDocument();
    expect(ranges).toEqual(['24h', '7d', '30d']);
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Close the status history' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

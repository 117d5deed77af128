import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../../shared/status/history-schemas.js';
import { createStatusStore } from '../stores/status-store.js';
import { NoticeBanner } from './notice-banner.js';

const MAINTENANCE: Notice = {
  id: 'kuma-maintenance-1',
  kind: 'maintenance',
  title: 'Storage upgrade',
  text: 'Galaxy is read-only.\nBack soon.',
  severity: 'warning',
  start: '2026-11-03T08:00:00.000Z',
  end: '2026-11-03T12:00:00.000Z',
};

function storeWith(notices: Notice[]) {
  const store = createStatusStore();
  act(() => store.getState().setNotices({ notices, maintenance: [] }));
  return store;
}

describe('NoticeBanner', () => {
  it('shows a maintenance window with its title, text and time range', () => {
    render(<NoticeBanner store={storeWith([MAINTENANCE])} />);
    const region = screen.getByRole('region', { name: 'Notices' });
    expect(region).toHaveTextContent('Maintenance: Storage upgrade');
    expect(region).toHaveTextContent('Galaxy is read-only.');
    expect(region).toHaveTextContent('Nov 3, 08:00 UTC – Nov 3, 12:00 UTC');
  });

  it('never renders notice text as HTML', () => {
    const text = '<img src=x onerror="window.hacked=1"><b>bold</b><script>alert(1)</script>';
    const { container } = render(
      <NoticeBanner
        store={storeWith([{ ...MAINTENANCE, kind: 'incident', title: '<i>t</i>', text }])}
      />,
    );
    expect(container.querySelector('img, b, script, i')).toBeNull();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading')).toHaveTextContent('Incident: <i>t</i>');
  });

  it('can be dismissed, and stays dismissed in this browser', async () => {
    const user = userEvent.setup();
    const store = storeWith([MAINTENANCE]);
    const { unmount } = render(<NoticeBanner store={store} />);
    await user.click(screen.getByRole('button', { name: 'Dismiss the notice “Storage upgrade”' }));
    expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument();
    unmount();
    render(<NoticeBanner store={store} />);
    expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument();
  });

  it('shows a portal notice (posted by an admin) as plain text, and it can be dismissed', async () => {
    const user = userEvent.setup();
    const portal: Notice = {
      id: 'portal-0b7c-1',
      kind: 'notice',
      title: 'New <b>GPU</b> nodes',
      text: '<a href="https://evil.example">Try them</a>',
      severity: 'info',
      start: '2026-11-03T08:00:00.000Z',
      end: '2026-11-04T08:00:00.000Z',
      appIds: ['galaxy'],
    };
    const { container } = render(<NoticeBanner store={storeWith([portal, MAINTENANCE])} />);
    expect(container.querySelector('a, b')).toBeNull();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Notice: New <b>GPU</b> nodes',
      'Maintenance: Storage upgrade',
    ]);
    expect(screen.getByText(portal.text)).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Dismiss the notice “New <b>GPU</b> nodes”' }),
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Maintenance: Storage upgrade',
    ]);
  });

  it('shows nothing without notices', () => {
    const { container } = render(<NoticeBanner store={createStatusStore()} />);
    expect(container).toBeEmptyDOMElement();
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../../../shared/status/history-schemas.js';
import { noticeToken } from '../../../../shared/status/dismissed-notices.js';
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

afterEach(() => {
  document.cookie = 'dismissed=; Path=/; Max-Age=0';
  localStorage.clear();
});

describe('NoticeBanner', () => {
  it('is in the server-rendered page when the page brings the notices, and hydrates as it is', async () => {
    const notices = { notices: [MAINTENANCE], maintenance: [] };
    const container = document.createElement('div');
    container.innerHTML = renderToString(<NoticeBanner store={createStatusStore({ notices })} />);
    document.body.append(container);
    expect(container).toHaveTextContent('Maintenance: Storage upgrade');
    expect(container).toHaveTextContent('Nov 3, 08:00 UTC – Nov 3, 12:00 UTC');
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, <NoticeBanner store={createStatusStore({ notices })} />, {
        onRecoverableError: (error) => console.error(error),
      });
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(screen.getByRole('region', { name: 'Notices' })).toHaveTextContent(
      'Nov 3, 08:00 UTC – Nov 3, 12:00 UTC',
    );
    container.remove();
  });

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
    // In a cookie, which the server reads too: its next page leaves the notice out.
    expect(document.cookie).toContain(`dismissed=${noticeToken('kuma-maintenance-1')}`);
    unmount();
    render(<NoticeBanner store={store} />);
    expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument();
  });

  it('moves dismissals an earlier version kept in the browser storage into the cookie', async () => {
    localStorage.setItem('portal.dismissedNotices', JSON.stringify(['kuma-maintenance-1']));
    render(<NoticeBanner store={storeWith([MAINTENANCE])} />);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument(),
    );
    expect(document.cookie).toContain(`dismissed=${noticeToken('kuma-maintenance-1')}`);
    expect(localStorage.getItem('portal.dismissedNotices')).toBeNull();
  });

  it('reads the notice ids of the cookie and ignores anything else in it', async () => {
    document.cookie = `dismissed=%E0%A4%A.<script>.a b.${noticeToken('kuma-maintenance-1')}; Path=/`;
    render(<NoticeBanner store={storeWith([MAINTENANCE])} />);
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

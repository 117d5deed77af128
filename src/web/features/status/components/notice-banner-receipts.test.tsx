import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../../../shared/status/history-schemas.js';
import { server } from '../../../test-support/server.js';
import { createStatusStore } from '../stores/status-store.js';
import { NoticeBanner } from './notice-banner.js';

const ID = 'portal-0b7e9a2c-1d2e-4f3a-8b9c-0d1e2f3a4b5c-1';
const PLAIN: Notice = {
  id: ID,
  kind: 'notice',
  title: 'Storage upgrade',
  text: '',
  severity: 'info',
  start: '2026-11-03T08:00:00.000Z',
  end: '2026-11-03T12:00:00.000Z',
};
const RULES: Notice = {
  ...PLAIN,
  id: 'portal-1b7e9a2c-1d2e-4f3a-8b9c-0d1e2f3a4b5c-2',
  title: 'New rules',
  requireAck: true,
};

function storeWith(notices: Notice[]) {
  const store = createStatusStore();
  act(() => store.getState().setNotices({ notices, maintenance: [] }));
  return store;
}

let posted: string[];
beforeEach(() => {
  posted = [];
  server.use(
    http.post('/api/notices/:id/:action', ({ params }) => {
      posted.push(`${String(params.action)} ${String(params.id)}`);
      return new HttpResponse(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  document.cookie = 'dismissed=; Path=/; Max-Age=0';
});

describe('NoticeBanner: dismiss and acknowledge', () => {
  it('dismisses a portal notice on the server for a signed-in person', async () => {
    render(<NoticeBanner store={storeWith([PLAIN])} signedIn />);
    await userEvent.click(
      screen.getByRole('button', { name: 'Dismiss the notice “Storage upgrade”' }),
    );
    expect(screen.queryByText('Storage upgrade', { exact: false })).toBeNull();
    await waitFor(() => expect(posted).toEqual([`dismiss ${ID}`]));
  });

  it('keeps the cookie only for an anonymous visitor', async () => {
    render(<NoticeBanner store={storeWith([PLAIN])} />);
    await userEvent.click(
      screen.getByRole('button', { name: 'Dismiss the notice “Storage upgrade”' }),
    );
    expect(screen.queryByText('Storage upgrade', { exact: false })).toBeNull();
    expect(document.cookie).toContain('dismissed=');
    expect(posted).toEqual([]);
  });

  it('offers “I have read and accept” instead of dismiss, and hides the notice once accepted', async () => {
    render(<NoticeBanner store={storeWith([RULES, PLAIN])} signedIn />);
    expect(screen.queryByRole('button', { name: 'Dismiss the notice “New rules”' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'I have read and accept' }));
    await waitFor(() => expect(screen.queryByText('New rules', { exact: false })).toBeNull());
    expect(posted).toEqual([`acknowledge ${RULES.id}`]);
    expect(screen.getByText('Storage upgrade', { exact: false })).toBeInTheDocument();
  });

  it('says so when the acknowledgement fails, and keeps the notice', async () => {
    server.use(
      http.post('/api/notices/:id/acknowledge', () =>
        HttpResponse.json(
          { status: 500, code: 'internal', message: 'x', data: {} },
          { status: 500 },
        ),
      ),
    );
    render(<NoticeBanner store={storeWith([RULES])} signedIn />);
    await userEvent.click(screen.getByRole('button', { name: 'I have read and accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be saved');
    expect(screen.getByText('New rules', { exact: false })).toBeInTheDocument();
  });

  it('asks an anonymous visitor to sign in to acknowledge, with no button', () => {
    render(<NoticeBanner store={storeWith([RULES])} />);
    expect(screen.getByText('Sign in to acknowledge this notice.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

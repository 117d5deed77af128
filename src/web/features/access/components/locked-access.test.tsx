import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAccessRequest, pageOf } from '../../../test-support/fixtures.js';
import { server } from '../../../test-support/server.js';
import { fetchMyRequests } from '../api/access-api.js';
import { createAccessStore } from '../stores/access-store.js';
import { LocaleProvider } from '../../../lib/i18n.js';
import { localeFor } from '../../../test-support/messages.js';
import { AccessUntil, DAY, LockedAccess } from './locked-access.js';

const napari = { id: 'napari', name: 'Napari' };

async function renderLocked(requests: ReturnType<typeof makeAccessRequest>[] = []) {
  server.use(http.get('/api/access-requests', () => HttpResponse.json(pageOf(requests))));
  const store = createAccessStore({ fetchMyRequests });
  await act(() => store.getState().load());
  const view = render(
    <div>
      <button type="button">Before</button>
      <LockedAccess app={napari} store={store} />
    </div>,
  );
  return { ...view, store };
}

function errorBody(status: number, code: string, message = 'English for machines') {
  return HttpResponse.json({ status, code, message, data: {} }, { status });
}

describe('the request dialog', () => {
  it('is a labelled modal that takes focus, traps Tab and closes on Escape', async () => {
    const user = userEvent.setup();
    await renderLocked();
    const open = screen.getByRole('button', { name: 'Request access: Napari' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Request access to Napari' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const reason = within(dialog).getByLabelText('Why do you need access?');
    expect(reason).toHaveFocus();
    // Tab from the last control comes back to the first: focus stays inside.
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toHaveFocus();
    await user.tab();
    expect(reason).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('requires a reason and keeps it within the limit, with a counter', async () => {
    const user = userEvent.setup();
    let posted = 0;
    server.use(
      http.post('/api/access-requests', () => {
        posted += 1;
        return HttpResponse.json(makeAccessRequest(), { status: 201 });
      }),
    );
    await renderLocked();
    await user.click(screen.getByRole('button', { name: 'Request access: Napari' }));
    expect(screen.getByText(/1,000 characters left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const reason = screen.getByLabelText('Why do you need access?');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Write why you need access \(required\)/);
    await user.click(reason);
    await user.paste('x'.repeat(1003));
    expect(screen.getByText(/3 characters too many/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      screen.getByText('Keep the reason to 1,000 characters (3 too many).'),
    ).toBeInTheDocument();
    expect(posted).toBe(0);
  });

  it('sends the reason, then shows "Requested on" and withdraws', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let list: ReturnType<typeof makeAccessRequest>[] = [];
    const created = makeAccessRequest({ id: 'r1', created: '2026-03-12T09:00:00.000Z' });
    server.use(
      http.post('/api/access-requests', async ({ request }) => {
        sent.push(await request.json());
        list = [created];
        return HttpResponse.json(created, { status: 201 });
      }),
      http.delete('/api/access-requests/r1', () => {
        list = [{ ...created, status: 'withdrawn' }];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderLocked();
    server.use(http.get('/api/access-requests', () => HttpResponse.json(pageOf(list))));
    await user.click(screen.getByRole('button', { name: 'Request access: Napari' }));
    await user.type(
      screen.getByLabelText('Why do you need access?'),
      '  Cell tracking for my thesis ',
    );
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(sent).toEqual([{ appId: 'napari', reason: 'Cell tracking for my thesis' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const state = await screen.findByTestId('access-state');
    expect(state).toHaveTextContent(/^Requested on .*2026/);
    expect(screen.queryByRole('button', { name: /Request access/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw the request for Napari' }));
    expect(await screen.findByRole('button', { name: 'Request access: Napari' })).toBeVisible();
    expect(screen.queryByTestId('access-state')).not.toBeInTheDocument();
  });

  it.each([
    [409, 'request_open', 'You already have an open request for this app.'],
    [404, 'not_found', 'This app cannot be requested'],
    [429, 'too_many_requests', 'Too many attempts in a short time.'],
  ])('shows a %i clearly and keeps the dialog open', async (status, code, shown) => {
    const user = userEvent.setup();
    server.use(http.post('/api/access-requests', () => errorBody(status, code)));
    await renderLocked();
    await user.click(screen.getByRole('button', { name: 'Request access: Napari' }));
    await user.type(screen.getByLabelText('Why do you need access?'), 'Please');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it('says so when the portal cannot be reached', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/access-requests', () => HttpResponse.error()));
    await renderLocked();
    await user.click(screen.getByRole('button', { name: 'Request access: Napari' }));
    await user.type(screen.getByLabelText('Why do you need access?'), 'Please');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
  });
});

describe('the request state on a locked card', () => {
  it('shows a decline with the approver’s note, and offers to ask again', async () => {
    await renderLocked([
      makeAccessRequest({ status: 'declined', note: 'Ask your PI first.', decidedBy: 'Pat' }),
    ]);
    expect(screen.getByTestId('access-state')).toHaveTextContent('Declined: Ask your PI first.');
    expect(screen.getByRole('button', { name: 'Request again: Napari' })).toBeVisible();
  });

  it('says "Approved, waiting for membership" while the group is added by hand', async () => {
    await renderLocked([makeAccessRequest({ status: 'approved', membership: 'waiting' })]);
    expect(screen.getByTestId('access-state')).toHaveTextContent(
      'Approved, waiting for membership',
    );
    expect(screen.queryByRole('button', { name: /Request/ })).not.toBeInTheDocument();
  });

  it('says "Approved, access being set up" while the portal retries writing the membership', async () => {
    await renderLocked([makeAccessRequest({ status: 'approved', membership: 'retrying' })]);
    expect(screen.getByTestId('access-state')).toHaveTextContent('Approved, access being set up');
    expect(screen.queryByRole('button', { name: /Request/ })).not.toBeInTheDocument();
  });

  it('shows a failed withdrawal', async () => {
    const user = userEvent.setup();
    server.use(http.delete('/api/access-requests/r9', () => errorBody(409, 'request_decided')));
    await renderLocked([makeAccessRequest({ id: 'r9' })]);
    await user.click(screen.getByRole('button', { name: 'Withdraw the request for Napari' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone already decided this request.',
    );
  });
});

describe('AccessUntil', () => {
  it('says until when time-boxed access lasts, and nothing otherwise', async () => {
    server.use(
      http.get('/api/access-requests', () =>
        HttpResponse.json(
          pageOf([
            makeAccessRequest({
              appId: 'napari',
              status: 'approved',
              membership: 'written',
              expiresAt: '2026-09-08T00:00:00.000Z',
            }),
          ]),
        ),
      ),
    );
    const store = createAccessStore({ fetchMyRequests });
    await act(() => store.getState().load());
    render(
      <>
        <AccessUntil appId="napari" store={store} />
        <AccessUntil appId="omero" store={store} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('access-until')).toHaveLength(1));
    expect(screen.getByTestId('access-until')).toHaveTextContent(/^Access until .*2026$/);
  });
});

describe('in another language', () => {
  it('speaks German: buttons, the state with its date, the counter and an error', async () => {
    const user = userEvent.setup();
    const de = localeFor('de');
    server.use(
      http.get('/api/access-requests', () =>
        HttpResponse.json(
          pageOf([makeAccessRequest({ status: 'expired', expiresAt: '2026-09-08T00:00:00.000Z' })]),
        ),
      ),
      http.post('/api/access-requests', () => errorBody(409, 'request_open')),
    );
    const store = createAccessStore({ fetchMyRequests });
    await act(() => store.getState().load());
    render(
      <LocaleProvider locale={de}>
        <LockedAccess app={napari} store={store} />
      </LocaleProvider>,
    );
    expect(screen.getByTestId('access-state')).toHaveTextContent(
      `Zugriff endete am ${de.formatDate('2026-09-08T00:00:00.000Z', DAY)}`,
    );
    await user.click(screen.getByRole('button', { name: 'Erneut anfragen: Napari' }));
    const dialog = screen.getByRole('dialog', { name: 'Zugriff auf Napari anfragen' });
    expect(within(dialog).getByText(/^Noch 1\.000 Zeichen/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Warum benötigen Sie Zugriff?'), 'Bitte');
    expect(within(dialog).getByText(/^Noch 995 Zeichen/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Anfrage senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sie haben bereits eine offene Anfrage für diese App.',
    );
  });
});

import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeInboxRequest, pageOf } from '../../../test-support/fixtures.js';
import { server } from '../../../test-support/server.js';
import { Inbox } from './inbox.js';

const pending = makeInboxRequest({
  id: 'r1',
  appId: 'napari',
  appName: 'Napari',
  reason: 'Cell tracking <b>now</b>',
  group: '/imaging',
});

function inboxAnswers(items = [pending], decided = [] as ReturnType<typeof makeInboxRequest>[]) {
  const asked: string[] = [];
  server.use(
    http.get('/api/access-requests/inbox', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? '';
      asked.push(status);
      return HttpResponse.json(pageOf(status === 'decided' ? decided : items));
    }),
  );
  return asked;
}

describe('the approvers’ inbox', () => {
  it('lists pending requests with who asks, for what, why, when and which group', async () => {
    inboxAnswers();
    render(<Inbox />);
    const list = await screen.findByRole('list', { name: 'Pending requests' });
    const item = within(list).getByRole('listitem', { name: 'Alice Liddell asks for Napari' });
    expect(item).toHaveTextContent('Alice Liddell (alice, alice@example.edu)');
    expect(item).toHaveTextContent('/imaging');
    // The reason is text, never markup.
    expect(item).toHaveTextContent('Cell tracking <b>now</b>');
    expect(item.querySelector('b')).toBeNull();
    expect(within(item).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('approves without a service account and says which group to add by hand', async () => {
    const user = userEvent.setup();
    inboxAnswers();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/access-requests/r1/decision', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          request: { ...pending, status: 'approved', membership: 'waiting' },
          addByHand: '/imaging',
        });
      }),
    );
    render(<Inbox />);
    await screen.findByRole('list', { name: 'Pending requests' });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(sent).toEqual([{ decision: 'approve' }]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Add alice to /imaging in Keycloak',
    );
    expect(screen.getByText('No requests wait for you.')).toBeInTheDocument();
  });

  it('says the access is being set up when Keycloak refused the membership for now', async () => {
    const user = userEvent.setup();
    inboxAnswers();
    server.use(
      http.post('/api/access-requests/r1/decision', () =>
        HttpResponse.json({
          request: { ...pending, status: 'approved', membership: 'retrying' },
        }),
      ),
    );
    render(<Inbox />);
    await screen.findByRole('list', { name: 'Pending requests' });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Approved: access being set up. Keycloak did not take alice into /imaging yet',
    );
  });

  it('declines with a note', async () => {
    const user = userEvent.setup();
    inboxAnswers();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/access-requests/r1/decision', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ request: { ...pending, status: 'declined', note: 'No' } });
      }),
    );
    render(<Inbox />);
    await screen.findByRole('list', { name: 'Pending requests' });
    await user.type(screen.getByLabelText('Note to the requester (optional)'), ' Ask your PI ');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(sent).toEqual([{ decision: 'decline', note: 'Ask your PI' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Declined alice’s request');
  });

  it('shows a 409 (someone decided first) and keeps the request', async () => {
    const user = userEvent.setup();
    inboxAnswers();
    server.use(
      http.post('/api/access-requests/r1/decision', () =>
        HttpResponse.json(
          { status: 409, code: 'request_decided', message: 'Already decided', data: {} },
          { status: 409 },
        ),
      ),
    );
    render(<Inbox />);
    await screen.findByRole('list', { name: 'Pending requests' });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone already decided');
    expect(screen.getByRole('listitem', { name: 'Alice Liddell asks for Napari' })).toBeVisible();
  });

  it('shows "Not allowed" to someone who approves nothing (403)', async () => {
    server.use(
      http.get('/api/access-requests/inbox', () =>
        HttpResponse.json(
          { status: 403, code: 'not_an_approver', message: 'Forbidden', data: {} },
          { status: 403 },
        ),
      ),
    );
    render(<Inbox />);
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('You do not approve access requests');
  });

  it('has a tab of decided requests with their outcome and note', async () => {
    const user = userEvent.setup();
    const asked = inboxAnswers(
      [],
      [
        makeInboxRequest({
          status: 'declined',
          decidedBy: 'Pat',
          decidedAt: '2026-03-13T10:00:00.000Z',
          note: 'Not this term',
        }),
      ],
    );
    render(<Inbox />);
    expect(await screen.findByText('No requests wait for you.')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Decided' }));
    expect(screen.getByRole('tab', { name: 'Decided' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Decided requests' });
    expect(list).toHaveTextContent(/Declined\s*Decided on .*2026 by Pat · “Not this term”/);
    expect(asked).toEqual(['pending', 'decided']);
  });
});

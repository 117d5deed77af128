import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSubscriptions, server } from '../../../test-support/server.js';
import { ToastProvider } from '../../../ui/toast.js';
import { fetchSubscriptions } from '../api/subscriptions-api.js';
import { createSubscriptionsStore } from '../stores/subscriptions-store.js';
import { FollowAllSwitch } from './follow-all-switch.js';
import { FollowToggle } from './follow-toggle.js';

const galaxy = { id: 'galaxy', name: 'Galaxy' };

function newStore() {
  return createSubscriptionsStore({ fetchSubscriptions, logError: () => {} });
}

async function renderBell({ isFavorite = false, load = true } = {}) {
  const store = newStore();
  if (load) await store.getState().load();
  render(
    <ToastProvider>
      <FollowToggle app={galaxy} isFavorite={isFavorite} store={store} />
      <FollowAllSwitch store={store} />
    </ToastProvider>,
  );
  return store;
}

describe('the bell (FollowToggle)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is not there until the subscriptions are loaded', async () => {
    await renderBell({ load: false });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('follows with PUT and stops with DELETE, a toggle named with the app, filled while followed', async () => {
    const requests: string[] = [];
    let apps: string[] = [];
    server.use(
      http.put('/api/me/subscriptions/apps/:id', ({ params }) => {
        requests.push(`PUT ${String(params.id)}`);
        apps = [String(params.id)];
        return HttpResponse.json(defaultSubscriptions({ apps }));
      }),
      http.delete('/api/me/subscriptions/apps/:id', ({ params }) => {
        requests.push(`DELETE ${String(params.id)}`);
        apps = [];
        return HttpResponse.json(defaultSubscriptions({ apps }));
      }),
    );
    const store = await renderBell();
    const follow = screen.getByRole('button', { name: 'Follow Galaxy' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(follow).not.toHaveClass('icon-filled');
    expect(follow).toHaveClass('app-bell', 'lucide-bell');
    expect(follow.childElementCount).toBe(0);

    // From the keyboard.
    follow.focus();
    await userEvent.keyboard('{Enter}');
    const stop = await screen.findByRole('button', { name: 'Stop following Galaxy' });
    expect(stop).toHaveAttribute('aria-pressed', 'true');
    expect(stop).toHaveClass('icon-filled');
    await waitFor(() => expect(store.getState().subscriptions?.apps).toEqual(['galaxy']));

    await userEvent.click(stop);
    await waitFor(() => expect(store.getState().subscriptions?.apps).toEqual([]));
    expect(screen.getByRole('button', { name: 'Follow Galaxy' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(requests).toEqual(['PUT galaxy', 'DELETE galaxy']);
  });

  it('goes back and says so when the server refuses', async () => {
    server.use(
      http.put('/api/me/subscriptions/apps/:id', () =>
        HttpResponse.json({ status: 404, message: 'There is no such app.' }, { status: 404 }),
      ),
    );
    await renderBell();
    await userEvent.click(screen.getByRole('button', { name: 'Follow Galaxy' }));
    expect(await screen.findByText('Could not follow the app. Please try again.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Follow Galaxy' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('follows all favourites with the switch, storing the whole object, and the bell says so', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/me/subscriptions', () =>
        HttpResponse.json(defaultSubscriptions({ digestMinutes: 30, events: ['down'] })),
      ),
      http.put('/api/me/subscriptions', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...body, email: 'ada@example.edu' });
      }),
    );
    await renderBell({ isFavorite: true });
    const all = screen.getByRole('switch', { name: 'Follow all my favorites' });
    expect(all).not.toBeChecked();
    expect(all).toHaveAccessibleDescription(/count as followed/);
    expect(screen.getByRole('button', { name: 'Follow Galaxy' })).toBeInTheDocument();

    await userEvent.click(all);
    await waitFor(() => expect(all).toBeChecked());
    expect(bodies).toEqual([
      {
        apps: [],
        allFavorites: true,
        events: ['down'],
        channels: { email: true },
        digestMinutes: 30,
        quietHours: null,
      },
    ]);
    // A favourite is now followed with the others: a filled bell that changes nothing.
    const bell = await screen.findByRole('button', {
      name: 'You follow Galaxy with all your favorites',
    });
    expect(bell).toHaveAttribute('aria-pressed', 'true');
    expect(bell).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(bell);
    expect(bodies).toHaveLength(1);
  });

  it('puts the switch back and says so when saving fails', async () => {
    server.use(
      http.put('/api/me/subscriptions', () =>
        HttpResponse.json({ status: 500, message: 'Something went wrong.' }, { status: 500 }),
      ),
    );
    await renderBell();
    const all = screen.getByRole('switch', { name: 'Follow all my favorites' });
    await userEvent.click(all);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Could not save “Follow all my favorites”. Please try again.',
    );
    expect(all).not.toBeChecked();
  });
});

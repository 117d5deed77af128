import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../shared/api/schemas.js';
import { makeApp, makeLockedApp, makeMe } from '../test-support/fixtures.js';
import { renderApp } from '../test-support/render-app.js';
import { defaultSubscriptions, server } from '../test-support/server.js';

// The bells of the home page and "Follow all my favourites" (docs/notifications.md), wired to
// the subscriptions store by the app shell.
const galaxy = makeApp({ id: 'galaxy', name: 'Galaxy', category: 'Apps' });
const wiki = makeApp({ id: 'wiki', name: 'Wiki', category: 'Apps' });
const napari = makeLockedApp({ id: 'napari', name: 'Napari', category: 'Imaging' });

function serve({ favorites = [] as App[], signedIn = true } = {}) {
  const calls: string[] = [];
  let state = defaultSubscriptions();
  server.use(
    http.get('/api/me', () =>
      signedIn
        ? HttpResponse.json(makeMe({ favorites }))
        : HttpResponse.json({ status: 401, message: 'Sign in.' }, { status: 401 }),
    ),
    http.get('/api/apps', () => {
      const items = signedIn ? [galaxy, wiki, napari] : [galaxy, wiki];
      return HttpResponse.json({
        page: 1,
        perPage: 500,
        totalItems: items.length,
        totalPages: 1,
        items,
      });
    }),
    http.get('/api/me/subscriptions', () => {
      calls.push('GET');
      return HttpResponse.json(state);
    }),
    http.put('/api/me/subscriptions/apps/:id', ({ params }) => {
      calls.push(`PUT ${String(params.id)}`);
      state = { ...state, apps: [...state.apps, String(params.id)] };
      return HttpResponse.json(state);
    }),
    http.put('/api/me/subscriptions', async ({ request }) => {
      const body = (await request.json()) as typeof state;
      calls.push(`PUT all=${String(body.allFavorites)}`);
      state = { ...body, email: state.email };
      return HttpResponse.json(state);
    }),
  );
  return calls;
}

describe('following apps on the home page', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.documentElement.lang = 'en';
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives each card a signed-in person may open a bell, never a locked one, and follows from it', async () => {
    const calls = serve();
    renderApp();
    const card = await screen.findByRole('article', { name: 'Galaxy' });
    const bell = await within(card).findByRole('button', { name: 'Follow Galaxy' });
    expect(bell).toHaveAttribute('aria-pressed', 'false');
    // Its own grid area, after the heart: nothing of the card moves when it arrives.
    expect(bell.previousElementSibling).toHaveAttribute('aria-label', 'Add Galaxy to favorites');
    expect(bell).toHaveClass('app-bell');
    const locked = await screen.findByRole('article', { name: 'Napari' });
    expect(within(locked).queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();

    await userEvent.click(bell);
    expect(
      await within(card).findByRole('button', { name: 'Stop following Galaxy' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The other cards share the store: still not followed.
    const wikiCard = screen.getByRole('article', { name: 'Wiki' });
    expect(within(wikiCard).getByRole('button', { name: 'Follow Wiki' })).toBeInTheDocument();
    expect(calls).toEqual(['GET', 'PUT galaxy']);
  });

  it('shows visitors no bell and asks for no subscriptions', async () => {
    const calls = serve({ signedIn: false });
    renderApp();
    const card = await screen.findByRole('article', { name: 'Galaxy' });
    expect(within(card).queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('offers the bells and "Follow all my favorites" in the favourites editor', async () => {
    const calls = serve({ favorites: [galaxy, wiki] });
    renderApp();
    const reorder = await screen.findByRole('button', { name: 'Reorder favorites' });
    await waitFor(() => expect(reorder).toBeEnabled());
    await userEvent.click(reorder);
    const all = await screen.findByRole('switch', { name: 'Follow all my favorites' });
    const editor = all.closest('section') as HTMLElement;
    expect(editor).toHaveAccessibleName('Favorites');
    expect(within(editor).getByRole('button', { name: 'Follow Galaxy' })).toBeInTheDocument();
    expect(within(editor).getByRole('button', { name: 'Follow Wiki' })).toBeInTheDocument();

    await userEvent.click(all);
    await waitFor(() => expect(all).toBeChecked());
    expect(calls).toContain('PUT all=true');
    // Every favourite is followed with the others now, on its card too.
    expect(
      await within(editor).findByRole('button', {
        name: 'You follow Wiki with all your favorites',
      }),
    ).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(editor).getByRole('button', { name: 'Done' }));
    const cards = await screen.findAllByRole('article', { name: 'Galaxy' });
    expect(
      within(cards[0] as HTMLElement).getByRole('button', {
        name: 'You follow Galaxy with all your favorites',
      }),
    ).toBeInTheDocument();
  });
});

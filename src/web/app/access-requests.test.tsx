import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeAccessRequest,
  makeApp,
  makeInboxRequest,
  makeLockedApp,
  makeMe,
  pageOf,
} from '../test-support/fixtures.js';
import { renderApp } from '../test-support/render-app.js';
import { server } from '../test-support/server.js';
import { axeViolations } from '../test-support/axe.js';

const omero = makeApp({ id: 'omero', name: 'OMERO', category: 'Imaging' });
const napari = makeLockedApp({
  id: 'napari',
  name: 'Napari',
  category: 'Imaging',
  description: 'Image viewer.',
  lockedAccess: { group: '/imaging', approvers: ['pi-imaging', 'group:/imaging-leads'], days: 180 },
});

function serve({ me = makeMe(), requests = [] as unknown[] } = {}) {
  server.use(
    http.get('/api/me', () => HttpResponse.json(me)),
    http.get('/api/apps', () =>
      HttpResponse.json({
        page: 1,
        perPage: 500,
        totalItems: 2,
        totalPages: 1,
        items: [omero, napari],
      }),
    ),
    http.get('/api/access-requests', () => HttpResponse.json(pageOf(requests))),
  );
}

const lockedCard = () => screen.findByRole('article', { name: 'Napari' });

describe('locked cards on the home page', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.documentElement.lang = 'en';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('shows name, environment, category, description and "Locked", and never a link, status or heart', async () => {
    serve();
    renderApp();
    const card = await lockedCard();
    expect(card).toHaveTextContent('Napari');
    expect(card).toHaveTextContent('Prod');
    expect(card).toHaveTextContent('Imaging');
    expect(card).toHaveTextContent('Image viewer.');
    expect(card).toHaveTextContent('Locked');
    expect(card).toHaveTextContent(
      'Granted by /imaging · approved by pi-imaging and members of /imaging-leads',
    );
    expect(card).toHaveTextContent('Access for 180 days');
    expect(within(card).queryAllByRole('link')).toEqual([]);
    expect(within(card).queryByRole('button', { name: /favorite/i })).toBeNull();
    expect(within(card).queryByRole('img', { name: /status|Unknown|Up/i })).toBeNull();
    expect(
      await within(card).findByRole('button', { name: 'Request access: Napari' }),
    ).toBeVisible();
    // The unlocked app keeps its links.
    const unlocked = screen.getByRole('article', { name: 'OMERO' });
    expect(within(unlocked).getByRole('link', { name: 'Open OMERO' })).toBeVisible();
  });

  it('never lists a locked card among the favourites', async () => {
    serve({ me: makeMe({ favorites: [omero, napari as never] }) });
    renderApp();
    const favorites = await screen.findByRole('region', { name: 'Favorites' });
    expect(within(favorites).getByRole('article', { name: 'OMERO' })).toBeVisible();
    expect(within(favorites).queryByRole('article', { name: 'Napari' })).toBeNull();
  });

  it('is:locked finds the locked cards; an ordinary search shows them among the others', async () => {
    serve();
    renderApp();
    await lockedCard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('searchbox', { name: 'Search apps' }));
    await user.keyboard('is:locked');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'OMERO' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Napari' })).toBeVisible();
    await user.clear(screen.getByRole('searchbox', { name: 'Search apps' }));
    await user.keyboard('imaging');
    await waitFor(() =>
      expect(screen.getAllByRole('article', { name: /OMERO|Napari/ })).toHaveLength(2),
    );
  });

  it('shows an open request and "Access until" on a time-boxed app', async () => {
    serve({
      requests: [
        makeAccessRequest({ appId: 'napari', created: '2026-03-12T09:00:00.000Z' }),
        makeAccessRequest({
          appId: 'omero',
          appName: 'OMERO',
          status: 'approved',
          membership: 'present',
          expiresAt: '2026-09-08T00:00:00.000Z',
        }),
      ],
    });
    renderApp();
    const card = await lockedCard();
    expect(await within(card).findByText(/^Requested on/)).toBeVisible();
    expect(
      within(card).getByRole('button', { name: 'Withdraw the request for Napari' }),
    ).toBeVisible();
    const omeroCard = screen.getByRole('article', { name: 'OMERO' });
    expect(await within(omeroCard).findByText(/^Access until/)).toBeVisible();
  });

  it('has no axe violations with a locked card and with the request dialog open', async () => {
    serve();
    renderApp();
    const card = await lockedCard();
    const request = await within(card).findByRole('button', { name: 'Request access: Napari' });
    await screen.findByRole('link', { name: /Genomics Portal/ });
    expect(await axeViolations()).toEqual([]);
    await userEvent.setup().click(request);
    await screen.findByRole('dialog', { name: 'Request access to Napari' });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the inbox route', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is linked from the header for approvers only, and opens without a reload', async () => {
    serve({ me: makeMe({ isApprover: true }) });
    server.use(
      http.get('/api/access-requests/inbox', () => HttpResponse.json(pageOf([makeInboxRequest()]))),
    );
    const user = userEvent.setup();
    renderApp();
    const wide = await screen.findByTestId('user-menu-wide');
    const link = await within(wide).findByRole('link', { name: 'Requests' });
    expect(link).toHaveAttribute('href', '/requests');
    await user.click(link);
    expect(window.location.pathname).toBe('/requests');
    expect(await screen.findByRole('heading', { name: 'Access requests', level: 1 })).toBeVisible();
    expect(await screen.findByRole('list', { name: 'Pending requests' })).toBeVisible();
  });

  it('offers no Requests link to someone who approves nothing', async () => {
    serve();
    renderApp();
    await lockedCard();
    expect(screen.queryByRole('link', { name: 'Requests' })).toBeNull();
  });

  it('asks visitors to sign in', async () => {
    renderApp('/requests');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByText(/Sign in to decide the access requests/)).toBeVisible();
  });
});

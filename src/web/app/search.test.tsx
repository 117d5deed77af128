import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App, Me } from '../../shared/api/schemas.js';
import { makeApp, makeMe } from '../test-support/fixtures.js';
import { renderApp } from '../test-support/render-app.js';
import { appList, server } from '../test-support/server.js';
import { axeViolations } from '../test-support/axe.js';

const galaxy = makeApp({
  id: 'galaxy',
  name: 'Galaxy',
  category: 'apps',
  env: 'prod',
  link: 'https://galaxy.example.edu/',
});
const galaxyTest = makeApp({
  id: 'galaxy-test',
  name: 'Galaxy Test',
  category: 'apps',
  env: 'dev',
  link: 'https://galaxy-test.example.edu/',
});
const igv = makeApp({
  id: 'igv',
  name: 'IGV Web',
  category: 'Data',
  env: 'stage',
  link: 'https://igv.example.edu/',
});
const rstudio = makeApp({
  id: 'rstudio',
  name: 'RStudio Server',
  category: 'Analysis',
  env: 'prod',
  link: 'https://rstudio.example.edu/',
});
const wiki = makeApp({
  id: 'wiki',
  name: 'Group Wiki',
  category: '',
  env: 'dev',
  description: 'Notes on our Galaxy workflows.',
  link: 'https://wiki.example.edu/',
});
const allApps = [galaxy, galaxyTest, igv, rstudio, wiki];

function serveApps(apps: App[] = allApps) {
  server.use(http.get('/api/apps', () => HttpResponse.json(appList(apps))));
}

function signIn(me: Me) {
  server.use(http.get('/api/me', () => HttpResponse.json(me)));
}

const sectionTitles = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const cardNames = (region?: HTMLElement) =>
  (region ? within(region) : screen)
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-labelledby'))
    .map((id) => document.getElementById(id ?? '')?.textContent);
const searchField = () => screen.getByRole('searchbox', { name: 'Search apps' });
const searchCombobox = () => screen.getByRole('combobox', { name: 'Search apps' });

/** Renders the app and waits for its cards. */
async function renderPortal() {
  const view = renderApp();
  await screen.findAllByRole('article');
  return { ...view, user: userEvent.setup() };
}

/** Types into the search field and waits until the cards show the expected names. */
async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(searchField());
  await user.keyboard(text);
}

describe('searching the portal', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(window, 'open').mockReturnValue(null);
    serveApps();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('shows the search bar under the header', async () => {
    await renderPortal();
    const field = searchField();
    expect(screen.getByRole('banner')).toContainElement(field);
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toContainElement(field);
  });

  it('filters the cards as you type, keeping the sections, dropping empty ones', async () => {
    const { user } = await renderPortal();
    expect(sectionTitles()).toEqual(['Analysis', 'Applications', 'Data', 'Section Title']);
    await search(user, 'galaxy');
    await waitFor(() => expect(sectionTitles()).toEqual(['Applications', 'Section Title']));
    const applications = screen.getByRole('region', { name: 'Applications' });
    expect(cardNames(applications)).toEqual(['Galaxy', 'Galaxy Test']);
    expect(cardNames(screen.getByRole('region', { name: 'Section Title' }))).toEqual([
      'Group Wiki',
    ]);
    // The matched part of each name is marked; a description match marks nothing.
    const marked = [...document.querySelectorAll('main h3 mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(['Galaxy', 'Galaxy']);

    await user.clear(searchField());
    await waitFor(() => expect(cardNames()).toHaveLength(allApps.length));
    expect(document.querySelector('main mark')).toBeNull();
  });

  it('finds a misspelt name and opens the first result in a new tab with Enter', async () => {
    const { user } = await renderPortal();
    await search(user, 'galxy');
    await waitFor(() => expect(cardNames()).toEqual(['Galaxy', 'Galaxy Test']));
    const options = within(screen.getByRole('listbox', { name: 'Search results' })).getAllByRole(
      'option',
    );
    expect(options.map((option) => option.textContent)).toEqual([
      'Galaxy, Applications · Prod',
      'Galaxy Test, Applications · Dev',
    ]);
    await user.keyboard('{Enter}');
    expect(window.open).toHaveBeenCalledExactlyOnceWith(
      'https://galaxy.example.edu/',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('reaches any result with the arrow keys', async () => {
    const { user } = await renderPortal();
    await search(user, 'galaxy');
    await waitFor(() => expect(searchCombobox()).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(window.open).toHaveBeenCalledWith(
      'https://wiki.example.edu/',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('searches the Favorites section too', async () => {
    signIn(makeMe({ favorites: [igv, galaxy] }));
    const { user } = await renderPortal();
    await screen.findByRole('region', { name: 'Favorites' });
    await search(user, 'igv');
    await waitFor(() => expect(sectionTitles()).toEqual(['Favorites', 'Data']));
    expect(cardNames(screen.getByRole('region', { name: 'Favorites' }))).toEqual(['IGV Web']);

    await user.clear(searchField());
    await user.keyboard('rstudio');
    await waitFor(() => expect(sectionTitles()).toEqual(['Analysis']));
  });

  it.each([
    ['env:dev', ['Galaxy Test', 'Group Wiki']],
    ['env:dev galaxy', ['Galaxy Test', 'Group Wiki']],
    ['env:prod galaxy', ['Galaxy']],
    ['category:data', ['IGV Web']],
    ['category:applications test', ['Galaxy Test']],
  ])('applies the filters in %j', async (query, names) => {
    const { user } = await renderPortal();
    await search(user, query);
    await waitFor(() => expect(cardNames()).toEqual(names));
  });

  it('filters by the status the monitor reports (status:)', async () => {
    server.use(
      http.get('/api/monitor-status', () =>
        HttpResponse.json([
          { id: 'galaxy', url: 'https://galaxy.example.edu/', status: 0 },
          { id: 'igv', url: 'https://igv.example.edu', status: 1 },
        ]),
      ),
    );
    const { user } = await renderPortal();
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Down' })).toHaveLength(1), {
      timeout: 3_000,
    });
    await search(user, 'status:down');
    await waitFor(() => expect(cardNames()).toEqual(['Galaxy']));
    await user.clear(searchField());
    await user.keyboard('status:up');
    await waitFor(() => expect(cardNames()).toEqual(['IGV Web']));
  });

  it('keeps only favorites with fav, and nothing for an anonymous visitor', async () => {
    signIn(makeMe({ favorites: [rstudio] }));
    const { user, unmount } = await renderPortal();
    await screen.findByRole('region', { name: 'Favorites' });
    await search(user, 'fav');
    await waitFor(() => expect(sectionTitles()).toEqual(['Favorites', 'Analysis']));
    unmount();

    server.resetHandlers();
    serveApps();
    window.history.replaceState(null, '', '/?q=fav');
    renderApp();
    expect(await screen.findByRole('heading', { name: /No apps match/ })).toBeInTheDocument();
  });

  it('shows a friendly empty state whose button clears the search', async () => {
    const { user } = await renderPortal();
    await search(user, 'zzzz');
    const heading = await screen.findByRole('heading', { name: 'No apps match “zzzz”' });
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(heading).toBeInTheDocument();
    expect(searchCombobox()).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByText('No apps found')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(searchField()).toHaveValue('');
    expect(searchField()).toHaveFocus();
    await waitFor(() => expect(cardNames()).toHaveLength(allApps.length));
    expect(window.location.search).toBe('');
  });

  it('focuses the search with / from anywhere on the page', async () => {
    const { user } = await renderPortal();
    await user.click(screen.getAllByRole('article')[0]!);
    await user.keyboard('/galaxy');
    expect(searchField()).toHaveFocus();
    expect(searchField()).toHaveValue('galaxy');
  });

  describe('the query in the URL', () => {
    it('writes ?q= while typing, adding one history entry for the whole word', async () => {
      const { user } = await renderPortal();
      const entries = window.history.length;
      await search(user, 'env:dev galaxy');
      expect(window.location.search).toBe('?q=env%3Adev+galaxy');
      expect(window.history.length).toBe(entries + 1);
      await user.keyboard('{Escape}');
      expect(window.location.search).toBe('');
    });

    it('starts from the query in the URL (a reload or a shared link)', async () => {
      window.history.replaceState(null, '', '/?q=rstudo');
      renderApp();
      expect(searchField()).toHaveValue('rstudo');
      await waitFor(() => expect(cardNames()).toEqual(['RStudio Server']));
      expect(document.querySelector('main h3 mark')).toHaveTextContent('RStudio');
    });

    it('follows Back and Forward', async () => {
      const { user } = await renderPortal();
      await search(user, 'igv');
      await user.tab(); // leaving the field ends this search: the next one is a new entry
      await search(user, '{Control>}a{/Control}rstudio');
      await waitFor(() => expect(cardNames()).toEqual(['RStudio Server']));
      expect(window.location.search).toBe('?q=rstudio');

      window.history.back();
      await waitFor(() => expect(searchField()).toHaveValue('igv'));
      await waitFor(() => expect(cardNames()).toEqual(['IGV Web']));
      window.history.back();
      await waitFor(() => expect(searchField()).toHaveValue(''));
      await waitFor(() => expect(cardNames()).toHaveLength(allApps.length));
      window.history.forward();
      await waitFor(() => expect(searchField()).toHaveValue('igv'));
      await waitFor(() => expect(cardNames()).toEqual(['IGV Web']));
    });

    it('lets Back bring back a search cleared with Escape', async () => {
      const { user } = await renderPortal();
      await search(user, 'igv');
      await user.tab();
      await user.click(searchField());
      await user.keyboard('{Escape}');
      expect(window.location.search).toBe('');
      window.history.back();
      await waitFor(() => expect(searchField()).toHaveValue('igv'));
    });
  });

  describe('accessibility (axe-core)', () => {
    beforeEach(() => {
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      document.documentElement.lang = 'en';
    });

    it('has no violations with the results open and one of them active', async () => {
      signIn(makeMe({ favorites: [galaxy] }));
      const { user } = await renderPortal();
      await search(user, 'gal');
      await waitFor(() => expect(searchCombobox()).toHaveAttribute('aria-expanded', 'true'));
      await user.keyboard('{ArrowDown}');
      expect(searchField()).toHaveAttribute('aria-activedescendant');
      expect(await axeViolations()).toEqual([]);
    });

    it('has no violations in the empty state', async () => {
      const { user } = await renderPortal();
      await search(user, 'zzzz');
      await screen.findByRole('button', { name: 'Clear search' });
      expect(await axeViolations()).toEqual([]);
    });
  });
});

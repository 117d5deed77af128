import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeApp, makeMe } from '../test-support/fixtures.js';
import { renderApp } from '../test-support/render-app.js';
import { appList, server } from '../test-support/server.js';

const apps = [
  makeApp({
    id: 'galaxy',
    name: 'Galaxy',
    image: 'galaxy.svg',
    imageUrl: '/api/files/apps0000000000a/galaxy/galaxy.svg',
    doc: 'https://docs.example.edu/galaxy/',
    github: 'https://github.com/galaxyproject/galaxy',
    link: 'https://galaxy.example.edu/',
  }),
  makeApp({ id: 'igv', name: 'IGV Web', category: 'Data', env: 'stage' }),
  makeApp({ id: 'wiki', name: 'Wiki', category: '', env: 'dev', link: '' }),
];

/**
 * axe-core on the whole rendered document (as index.html declares its language). Colour
 * contrast needs real layout and canvas, which jsdom lacks: it is checked in a real browser.
 */
async function violations() {
  const results = await axe.run(document, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.map((node) => node.html),
  }));
}

describe('accessibility of the home page (axe-core)', () => {
  beforeEach(() => {
    // jsdom has no canvas; axe then skips its icon-font checks instead of logging errors.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    document.documentElement.lang = 'en';
    server.use(
      http.get('/api/apps', () => HttpResponse.json(appList(apps))),
      http.get('/api/monitor-status', () =>
        HttpResponse.json([{ id: 'galaxy', url: 'https://galaxy.example.edu/', status: 0 }]),
      ),
    );
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has no violations for an anonymous visitor', async () => {
    renderApp();
    await screen.findByRole('article', { name: 'Galaxy' });
    await screen.findByRole('link', { name: /Genomics Portal/ });
    expect(await violations()).toEqual([]);
  });

  it('has no violations for a signed-in user with favorites', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ favorites: [apps[1]!] }))));
    renderApp();
    await screen.findByRole('region', { name: 'Favorites' });
    await screen.findByRole('link', { name: /Genomics Portal/ });
    expect(await violations()).toEqual([]);
  });

  it('reports a planted violation (the check is not vacuous)', async () => {
    renderApp();
    await screen.findByRole('article', { name: 'Galaxy' });
    const image = document.createElement('img');
    image.src = '/x.png';
    document.querySelector('main')?.append(image);
    expect((await violations()).map((v) => v.id)).toContain('image-alt');
  });

  it('has no violations while loading', async () => {
    server.use(http.get('/api/apps', () => new Promise<never>(() => {})));
    renderApp();
    await screen.findByRole('region', { name: 'Loading apps' });
    expect(await violations()).toEqual([]);
  });
});

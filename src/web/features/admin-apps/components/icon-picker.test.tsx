import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../../shared/api/schemas.js';
import { server } from '../../../test-support/server.js';
import { createFakeAdminApi, type FakeAdminApi } from '../../../test-support/fake-admin-api.js';
import { fakeIconSvg, FAKE_ICONS, makeAdminApp } from '../../../test-support/admin-fixtures.js';
import { AdminConsole } from '../../../app/admin-console/admin-console.js';
import { ICONS_PER_PAGE } from './icon-picker.js';

const renderCard = (app: App) => (
  <article key={app.id} aria-label={`Card ${app.name}`}>
    <h3>{app.name}</h3>
    {app.imageUrl && <img src={app.imageUrl} alt={`${app.name} logo`} />}
  </article>
);

let fake: FakeAdminApi;
let searches: string[];
beforeEach(() => {
  fake = createFakeAdminApi([makeAdminApp({ id: 'galaxy', name: 'Galaxy' })]);
  server.use(
    ...fake.handlers,
    http.get('/api/admin/networks', () => HttpResponse.json({ networks: [] })),
  );
  searches = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/admin/icons') searches.push(url.search);
  });
  return () => server.events.removeAllListeners();
});

async function openPicker(app = 'Edit Galaxy') {
  render(
    <AdminConsole
      renderCard={renderCard}
      renderHome={(apps) => <div>{apps.map(renderCard)}</div>}
      onCatalogChanged={() => {}}
    />,
  );
  await userEvent.click(
    await screen.findByRole('button', { name: app === 'new' ? 'New app' : app }),
  );
  const toggle = screen.getByRole('button', { name: 'Pick from the icon set' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(screen.getByRole('button', { name: 'Close the icon set' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  return screen.getByRole('searchbox', { name: 'Search icons' });
}

const icons = () => screen.getByRole('list', { name: 'Icons' });
/** The picker's status line (the console has a status region of its own). */
const status = () =>
  document.getElementById(
    screen.getByRole('searchbox', { name: 'Search icons' }).getAttribute('aria-describedby')!,
  )!;

describe('the icon picker', () => {
  it('lists the set, searches on the server and shows previews the portal serves', async () => {
    const search = await openPicker();
    expect(search).toHaveFocus();
    expect(await within(icons()).findByRole('button', { name: 'Galaxy' })).toBeVisible();
    expect(status()).toHaveTextContent('5 icons in the set; showing 5.');
    await userEvent.type(search, 'git');
    await waitFor(() =>
      expect(
        within(icons())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['GitHub', 'GitLab']),
    );
    expect(status()).toHaveTextContent('2 icons match “git”; showing 2.');
    expect(searches.at(-1)).toBe(`?q=git&page=1&perPage=${ICONS_PER_PAGE}`);
    // Typing is debounced: not one request per key.
    expect(searches.length).toBeLessThanOrEqual(3);
    const image = within(icons()).getByRole('button', { name: 'GitHub' }).querySelector('img');
    expect(image).toHaveAttribute('src', '/api/admin/icons/github.svg');
    expect(image).toHaveAttribute('alt', '');
  });

  it('picks with the keyboard; saving uploads the icon SVG as the logo', async () => {
    const search = await openPicker();
    await userEvent.type(search, 'jup');
    await within(icons()).findByRole('button', { name: 'Jupyter' });
    await waitFor(() => expect(within(icons()).getAllByRole('button')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}');
    const jupyter = within(icons()).getByRole('button', { name: 'Jupyter' });
    expect(jupyter).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(jupyter).toHaveAttribute('aria-pressed', 'true'));
    expect(status()).toHaveTextContent('Picked: Jupyter; it is saved with the app.');
    const preview = screen.getByRole('region', { name: 'Card preview' });
    const logo = await within(preview).findByRole('img', { name: 'Galaxy logo' });
    expect(logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(fake.logoUploads).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved Galaxy.')).toBeVisible();
    const jupyterIcon = FAKE_ICONS.find((icon) => icon.slug === 'jupyter')!;
    expect(fake.logoUploads).toEqual([
      { appId: 'galaxy', type: 'image/svg+xml', text: fakeIconSvg(jupyterIcon) },
    ]);
    expect(fake.apps.get('galaxy')?.image).toBe('logo.svg');
  });

  it('gives a new app the picked icon once it is created', async () => {
    await openPicker('new');
    await userEvent.click(await within(icons()).findByRole('button', { name: 'Slurm' }));
    await waitFor(() =>
      expect(within(icons()).getByRole('button', { name: 'Slurm' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Cluster');
    await userEvent.type(screen.getByLabelText('Link'), 'https://cluster.example.edu/');
    await userEvent.type(screen.getByLabelText('Category'), 'compute');
    await userEvent.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findByText('Created Cluster.')).toBeVisible();
    expect(fake.logoUploads.map((upload) => upload.text)).toEqual([
      fakeIconSvg(FAKE_ICONS.find((icon) => icon.slug === 'research-slurm')!),
    ]);
  });

  it('says when nothing matches, and pages with More icons', async () => {
    fake.icons.push(
      ...Array.from({ length: 30 }, (_, i) => ({
        slug: `tool${i}`,
        title: `Tool ${String(i).padStart(2, '0')}`,
        hex: '123456',
        set: 'simple-icons' as const,
        svgUrl: `/api/admin/icons/tool${i}.svg`,
      })),
    );
    const search = await openPicker();
    await userEvent.type(search, 'tool');
    // Wait for the answer to the whole word: an answer to "t" or "to" also fills a page.
    await waitFor(() =>
      expect(status()).toHaveTextContent(`30 icons match “tool”; showing ${ICONS_PER_PAGE}.`),
    );
    expect(within(icons()).getAllByRole('button')).toHaveLength(ICONS_PER_PAGE);
    await userEvent.click(screen.getByRole('button', { name: 'More icons' }));
    await waitFor(() => expect(within(icons()).getAllByRole('button')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'More icons' })).toBeNull();
    expect(status()).toHaveTextContent('30 icons match “tool”; showing 30.');

    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it');
    expect(
      await screen.findByText('No icon matches “nothing like it”. Upload a file instead.'),
    ).toBeVisible();
    expect(within(icons()).queryAllByRole('button')).toEqual([]);
  });

  it('says why, in words for its status, and sets no logo when an icon cannot be loaded', async () => {
    server.use(
      http.get('/api/admin/icons/:file', () =>
        HttpResponse.json(
          { status: 404, message: 'No icon has this name.', data: {} },
          { status: 404 },
        ),
      ),
    );
    await openPicker();
    await userEvent.click(await within(icons()).findByRole('button', { name: 'GitHub' }));
    const alert = await screen.findByText(
      // A 404 without a code of its own: the errors catalog's text for "not found".
      "The GitHub icon could not be loaded: The requested resource wasn't found.",
    );
    expect(alert).toHaveAttribute('role', 'alert');
    const preview = screen.getByRole('region', { name: 'Card preview' });
    expect(within(preview).queryByRole('img')).toBeNull();
  });

  it('does not submit the form when Enter is pressed in the search field', async () => {
    const search = await openPicker();
    await userEvent.type(search, 'git{Enter}');
    expect(screen.queryByText('Saved Galaxy.')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Edit Galaxy' })).toBeVisible();
  });

  it('has no axe violations with the picker open', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    document.documentElement.lang = 'en';
    document.title = 'Admin';
    await openPicker();
    await within(icons()).findByRole('button', { name: 'Galaxy' });
    const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    vi.restoreAllMocks();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../shared/api/schemas.js';
import { server } from '../../test-support/server.js';
import { createFakeAdminApi, type FakeAdminApi } from '../../test-support/fake-admin-api.js';
import { makeAdminApp } from '../../test-support/admin-fixtures.js';
import { AdminConsole } from './admin-console.js';

// After a save the console shows the app the server answered; it loads its lists again only
// when no answer can tell what changed (an import). The app form reads the networks once when it
// opens (its addresses per network), nothing else.

let fake: FakeAdminApi;
let reads: string[];
const onCatalogChanged = vi.fn();

const renderCard = (app: App) => <article key={app.id}>{app.name}</article>;

function renderConsole() {
  return render(
    <AdminConsole
      renderCard={renderCard}
      renderHome={(apps) => <div>{apps.map(renderCard)}</div>}
      onCatalogChanged={onCatalogChanged}
    />,
  );
}

const row = (name: RegExp) => screen.getByRole('rowheader', { name }).closest('tr')!;

beforeEach(() => {
  onCatalogChanged.mockReset();
  fake = createFakeAdminApi([
    makeAdminApp({ id: 'galaxy', name: 'Galaxy', status: 0 }),
    makeAdminApp({ id: 'omero', name: 'OMERO', isPublic: false, associatedGroups: ['imaging'] }),
  ]);
  server.use(
    ...fake.handlers,
    http.get('/api/admin/networks', () => HttpResponse.json({ networks: [] })),
  );
  reads = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET') reads.push(url.pathname + url.search);
  });
  return () => server.events.removeAllListeners();
});

/** The reads made once the console has loaded (its first three: apps, trash, groups). */
async function loaded() {
  renderConsole();
  await screen.findByRole('rowheader', { name: /Galaxy/ });
  await waitFor(() => expect(reads).toHaveLength(3));
  reads.length = 0;
}

describe('the console after a save', () => {
  it('shows an edited app from the answer, its status kept, without reading the lists', async () => {
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Galaxy' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' Server');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved Galaxy Server.')).toBeVisible();
    expect(row(/Galaxy Server/)).toHaveTextContent('Down');
    expect(onCatalogChanged).toHaveBeenCalledTimes(1);
    expect(reads).toEqual(['/api/admin/networks']);
  });

  it('offers a new group name at once, and moves apps to the trash and back', async () => {
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'New app' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'IGV');
    await userEvent.type(screen.getByRole('textbox', { name: 'Groups' }), 'brand-new');
    await userEvent.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findByRole('rowheader', { name: /IGV/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete OMERO' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /OMERO/ })).toBeNull());
    await userEvent.click(screen.getByRole('tab', { name: 'Trash' }));
    const trash = screen.getByRole('list', { name: 'Deleted apps' });
    expect(trash).toHaveTextContent(/OMERO \(omero\)Deleted .* by admin/);
    await userEvent.click(within(trash).getByRole('button', { name: 'Restore OMERO' }));
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'View as…' }));
    const known = screen.getByRole('group', { name: 'Known groups' });
    expect(within(known).getByRole('button', { name: 'brand-new' })).toBeInTheDocument();
    expect(within(known).getByRole('button', { name: 'imaging' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Apps' }));
    expect(screen.getByRole('rowheader', { name: /OMERO/ })).toBeInTheDocument();
    expect(onCatalogChanged).toHaveBeenCalledTimes(3);
    expect(reads).toEqual(['/api/admin/networks']);
  });

  it('loads everything again after an import', async () => {
    await loaded();
    fake.importResult = { add: [{ id: 'igv', name: 'IGV' }], change: [], delete: [], unchanged: 2 };
    await userEvent.click(screen.getByRole('tab', { name: 'Import & export' }));
    await userEvent.upload(
      screen.getByLabelText('Catalog file (YAML, or a .zip export with logos)'),
      new File(['apps: []'], 'catalog.yaml', { type: 'application/yaml' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    fake.apps.set('igv', makeAdminApp({ id: 'igv', name: 'IGV' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Apply these changes' }));
    await screen.findByText(/Imported catalog.yaml/);
    await waitFor(() => expect(onCatalogChanged).toHaveBeenCalled());
    expect(reads.sort()).toEqual([
      '/api/admin/apps?deleted=true&page=1&perPage=500',
      '/api/admin/apps?page=1&perPage=500',
      '/api/admin/groups?page=1&perPage=500',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Apps' }));
    expect(await screen.findByRole('rowheader', { name: /IGV/ })).toBeInTheDocument();
  });
});

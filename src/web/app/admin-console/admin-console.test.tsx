import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../shared/api/schemas.js';
import { server } from '../../test-support/server.js';
import { createFakeAdminApi, type FakeAdminApi } from '../../test-support/fake-admin-api.js';
import { makeAdminApp } from '../../test-support/admin-fixtures.js';
import { AdminConsole } from './admin-console.js';
import { axeViolations } from '../../test-support/axe.js';

const renderCard = (app: App) => (
  <article key={app.id} aria-label={`Card ${app.name}`}>
    <h3>{app.name}</h3>
    {app.imageUrl && <img src={app.imageUrl} alt={`${app.name} logo`} />}
    <p>{app.description}</p>
  </article>
);
const renderHome = (apps: readonly App[]) => <div>{apps.map(renderCard)}</div>;

let fake: FakeAdminApi;
const onCatalogChanged = vi.fn();

function renderConsole() {
  return render(
    <AdminConsole
      renderCard={renderCard}
      renderHome={renderHome}
      onCatalogChanged={onCatalogChanged}
    />,
  );
}

const table = () => screen.getByRole('table', { name: 'Apps' });
const rowNames = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('span')?.textContent);

beforeEach(() => {
  onCatalogChanged.mockReset();
  fake = createFakeAdminApi([
    makeAdminApp({ id: 'galaxy', name: 'Galaxy', category: 'apps', env: 'prod' }),
    makeAdminApp({
      id: 'omero',
      name: 'OMERO',
      category: 'Data',
      env: 'stage',
      isPublic: false,
      associatedGroups: ['imaging'],
    }),
    makeAdminApp({ id: 'secret', name: 'Backstage', isPublic: false, env: 'dev', status: 0 }),
  ]);
  server.use(
    ...fake.handlers,
    // The app form reads the networks (its addresses per network): none here.
    http.get('/api/admin/networks', () => HttpResponse.json({ networks: [] })),
  );
});

describe('the app table', () => {
  it('lists every app, hidden ones included, and sorts by a column header', async () => {
    renderConsole();
    await screen.findByRole('rowheader', { name: /Galaxy/ });
    expect(rowNames()).toEqual(['Backstage', 'Galaxy', 'OMERO']);
    const row = screen.getByRole('rowheader', { name: /Backstage/ }).closest('tr')!;
    expect(row).toHaveTextContent('Hidden');
    expect(row).toHaveTextContent('Down');
    expect(screen.getByRole('rowheader', { name: /OMERO/ }).closest('tr')).toHaveTextContent(
      'imaging',
    );

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(rowNames()).toEqual(['OMERO', 'Galaxy', 'Backstage']);
    await userEvent.click(
      within(screen.getByRole('columnheader', { name: /Env/ })).getByRole('button'),
    );
    expect(rowNames()).toEqual(['Galaxy', 'OMERO', 'Backstage']);
  });

  it('filters by text, environment and visibility', async () => {
    renderConsole();
    await screen.findByRole('rowheader', { name: /Galaxy/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter' }), 'imag');
    expect(rowNames()).toEqual(['OMERO']);
    expect(screen.getByText('1 of 3 apps')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Visibility' }), 'hidden');
    expect(rowNames()).toEqual(['Backstage']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Visibility' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), 'prod');
    expect(rowNames()).toEqual(['Galaxy']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Data');
    expect(rowNames()).toEqual(['OMERO']);
  });
});

describe('creating and editing', () => {
  it("shows the server's own rule messages under the fields, and a live card preview", async () => {
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'New app' }));
    expect(screen.getByRole('heading', { level: 2, name: 'New app' })).toHaveFocus();

    const link = screen.getByRole('textbox', { name: 'Link' });
    await userEvent.type(link, 'ftp://x');
    await userEvent.tab();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(
      expect.stringContaining('Link must be an http(s) URL (got "ftp://x")'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Create app' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription('Name is required');
    await waitFor(() => expect(name).toHaveFocus());
    expect(fake.apps.size).toBe(3);

    await userEvent.type(name, 'Jupyter Hub');
    const preview = screen.getByRole('region', { name: 'Card preview' });
    expect(within(preview).getByRole('heading', { name: 'Jupyter Hub' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Id' })).toHaveAccessibleDescription(
      expect.stringContaining('jupyter-hub'),
    );
    await userEvent.clear(link);
    await userEvent.type(link, 'https://jupyter.example.edu/');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Known groups' })).getByRole('button', {
        name: 'imaging',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Groups' })).toHaveValue('imaging');
    await userEvent.click(screen.getByRole('button', { name: 'Create app' }));

    expect(await screen.findByText('Created Jupyter Hub.')).toBeVisible();
    expect(await screen.findByRole('rowheader', { name: /Jupyter Hub/ })).toBeInTheDocument();
    expect(fake.apps.get('jupyter-hub')).toMatchObject({
      link: 'https://jupyter.example.edu/',
      associatedGroups: ['imaging'],
      isPublic: false,
    });
    await waitFor(() => expect(onCatalogChanged).toHaveBeenCalled());
  });

  it('shows the per-field messages of a 400 from the server', async () => {
    server.use(
      http.post('/api/admin/apps', () =>
        HttpResponse.json(
          { status: 400, message: 'Invalid app.', data: { fields: { category: 'is taken' } } },
          { status: 400 },
        ),
      ),
    );
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'New app' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Create app' }));
    const category = screen.getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(category).toHaveAccessibleDescription('Category is taken'));
    await waitFor(() => expect(category).toHaveFocus());
  });

  it('edits only the changed fields, and says who changed the app first on a 409', async () => {
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Galaxy' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    await userEvent.type(description, 'Workflows.');
    fake.changeBehindTheBack('galaxy', { name: 'Galaxy Server' }, 'alice');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = (await screen.findByText(/was changed by/)).closest('[role="alert"]');
    expect(alert).toHaveTextContent(/changed by alice on .*Your changes were not saved/);
    expect(fake.apps.get('galaxy')?.description).toBe('');

    await userEvent.click(screen.getByRole('button', { name: /Reload the app/ }));
    expect(await screen.findByRole('heading', { name: 'Edit Galaxy Server' })).toBeInTheDocument();
    expect(description).toHaveValue('');
    await userEvent.type(description, 'Workflows.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved Galaxy Server.')).toBeVisible();
    expect(fake.apps.get('galaxy')).toMatchObject({
      description: 'Workflows.',
      name: 'Galaxy Server',
      version: 3,
    });
  });

  it('uploads a chosen logo with its content type and previews it', async () => {
    const puts: string[] = [];
    server.use(
      http.put('/api/admin/apps/:id/logo', ({ request }) => {
        puts.push(request.headers.get('content-type') ?? '');
        return undefined;
      }),
    );
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Galaxy' }));
    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'galaxy.svg', {
      type: 'image/svg+xml',
    });
    await userEvent.upload(screen.getByLabelText('Logo file'), file);
    const preview = screen.getByRole('region', { name: 'Card preview' });
    const image = await within(preview).findByRole('img', { name: 'Galaxy logo' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved Galaxy.')).toBeVisible();
    expect(puts).toEqual(['image/svg+xml']);
    expect(fake.apps.get('galaxy')?.image).toBe('logo.svg');
  });

  it('refuses files that cannot be logos before sending them', async () => {
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Galaxy' }));
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Logo file'), big);
    expect(
      screen.getByText(/a logo may be at most 2 MiB/).closest('[role="alert"]'),
    ).not.toBeNull();
    expect(screen.getByLabelText('Logo file')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('deleting, undo and the trash', () => {
  it('asks first, deletes, and undoes from the toast', async () => {
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Galaxy' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Galaxy?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Galaxy' })).toHaveFocus();
    expect(fake.apps.has('galaxy')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Galaxy' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(/Deleted Galaxy/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Galaxy/ })).toBeNull());
    expect(fake.trash.has('galaxy')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('rowheader', { name: /Galaxy/ })).toBeInTheDocument();
    expect(screen.getByText('Restored Galaxy.').closest('[role="status"]')).not.toBeNull();
    expect(fake.apps.has('galaxy')).toBe(true);
  });

  it('lists deleted apps in the trash and restores them', async () => {
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete OMERO' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText(/Deleted OMERO/);
    await userEvent.click(screen.getByRole('tab', { name: 'Trash' }));
    const list = await screen.findByRole('list', { name: 'Deleted apps' });
    expect(list).toHaveTextContent(/OMERO \(omero\)Deleted .* by admin; removed for good on/);
    await userEvent.click(within(list).getByRole('button', { name: 'Restore OMERO' }));
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(fake.apps.has('omero')).toBe(true);
  });
});

describe('the audit log', () => {
  it('shows entries newest first with a readable before/after, filters and pages', async () => {
    const { apps } = fake;
    for (let i = 0; i < 55; i += 1) fake.changeBehindTheBack('galaxy', {}, 'bot');
    // Audit entries come from the fake's own routes: make some through the API.
    const patch = (description: string) =>
      fetch('/api/admin/apps/omero', {
        method: 'PATCH',
        headers: {
          'if-match': String(apps.get('omero')!.version),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ description }),
      });
    for (let i = 1; i <= 55; i += 1) await patch(`Version ${i}`);
    await fetch('/api/admin/apps/galaxy?version=' + apps.get('galaxy')!.version, {
      method: 'DELETE',
    });

    renderConsole();
    await userEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    const entries = await screen.findByRole('list', { name: 'Audit entries, newest first' });
    const items = within(entries).getAllByRole('listitem');
    expect(items).toHaveLength(50);
    expect(items[0]).toHaveTextContent(/^Deleted galaxy by admin/);
    await userEvent.click(within(items[1]!).getByText(/Changed/));
    const changes = within(items[1]!).getByRole('table');
    expect(within(changes).getByRole('row', { name: /Description/ })).toHaveTextContent(
      'DescriptionVersion 54Version 55',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(within(entries).getAllByRole('listitem')).toHaveLength(56));
    expect(screen.queryByRole('button', { name: 'Load older entries' })).toBeNull();

    await userEvent.type(screen.getByRole('combobox', { name: 'App id' }), 'galaxy');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: /Audit entries/ })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });
});

describe('View as…', () => {
  it('renders the home page for a chosen group, marked as a preview', async () => {
    renderConsole();
    await userEvent.click(screen.getByRole('tab', { name: 'View as…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'imaging' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show preview' }));
    const preview = await screen.findByRole('region', {
      name: 'Preview of the home page for a signed-in member of imaging',
    });
    expect(within(preview).getByText('Preview')).toBeInTheDocument();
    expect(
      within(preview)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Galaxy', 'OMERO']);

    await userEvent.click(screen.getByRole('radio', { name: 'An anonymous visitor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show preview' }));
    const anonymous = await screen.findByRole('region', {
      name: 'Preview of the home page for an anonymous visitor',
    });
    expect(within(anonymous).getAllByRole('heading', { level: 3 })).toHaveLength(1);
  });

  it('takes group names nobody uses yet', async () => {
    renderConsole();
    await userEvent.click(screen.getByRole('tab', { name: 'View as…' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Groups' }), 'brand-new');
    await userEvent.click(screen.getByRole('button', { name: 'Show preview' }));
    expect(
      await screen.findByRole('region', {
        name: 'Preview of the home page for a signed-in member of brand-new',
      }),
    ).toBeInTheDocument();
  });
});

describe('import and export', () => {
  it('checks a YAML file first, shows the diff, then applies it', async () => {
    fake.importResult = {
      add: [{ id: 'igv', name: 'IGV' }],
      change: [
        { id: 'galaxy', name: 'Galaxy', fields: [{ field: 'env', before: 'prod', after: 'dev' }] },
      ],
      delete: [],
      unchanged: 1,
    };
    renderConsole();
    await userEvent.click(screen.getByRole('tab', { name: 'Import & export' }));
    expect(screen.getByRole('link', { name: 'Download YAML' })).toHaveAttribute(
      'href',
      '/api/admin/catalog/export',
    );
    expect(screen.getByRole('link', { name: 'Download ZIP with logos' })).toHaveAttribute(
      'href',
      '/api/admin/catalog/export?logos=true',
    );
    const yaml = 'apps:\n  - { id: igv, name: IGV }\n';
    await userEvent.upload(
      screen.getByLabelText('Catalog file (YAML, or a .zip export with logos)'),
      new File([yaml], 'catalog.yaml', { type: 'application/yaml' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Also delete/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Check the file' }));
    const diff = await screen.findByRole('region', { name: 'What the import changes' });
    expect(within(diff).getByRole('region', { name: 'Apps to add' })).toHaveTextContent(
      'IGV (igv)',
    );
    expect(within(diff).getByRole('region', { name: 'Apps to change' })).toHaveTextContent(
      'Environment: prod → dev',
    );
    expect(fake.imports).toEqual([{ yaml, dryRun: true, prune: true }]);

    await userEvent.click(screen.getByRole('button', { name: 'Apply these changes' }));
    expect(await screen.findByText(/Imported catalog.yaml: 1 added, 1 changed/)).toBeVisible();
    expect(fake.imports[1]).toEqual({ yaml, dryRun: false, prune: true });
  });

  it('lists every problem of an invalid file and applies nothing', async () => {
    server.use(
      http.post('/api/admin/catalog/import', () =>
        HttpResponse.json(
          {
            status: 400,
            message: 'The catalog file is invalid.',
            data: { problems: ['app "x": field "link" must be an http(s) URL (got "y")'] },
          },
          { status: 400 },
        ),
      ),
    );
    renderConsole();
    await userEvent.click(screen.getByRole('tab', { name: 'Import & export' }));
    await userEvent.upload(
      screen.getByLabelText('Catalog file (YAML, or a .zip export with logos)'),
      new File(['apps: [{ id: x, link: y }]'], 'bad.yaml', { type: 'application/yaml' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    const alert = (
      await screen.findByText('app "x": field "link" must be an http(s) URL (got "y")')
    ).closest('[role="alert"]');
    // The answer's English message is for machines: people read the text for its code.
    expect(alert).toHaveTextContent('Something went wrong while processing your request.');
    expect(screen.queryByRole('button', { name: 'Apply these changes' })).toBeNull();
  });
});

describe('keyboard and screen readers', () => {
  it('moves between tabs with the arrow keys', async () => {
    renderConsole();
    expect(document.title).toMatch(/^Admin console/);
    const apps = screen.getByRole('tab', { name: 'Apps' });
    expect(apps).toHaveAttribute('aria-selected', 'true');
    apps.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Trash' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Trash' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Import & export' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(apps).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Apps');
  });

  it('has no axe violations in the table, the form and the dialog', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    document.documentElement.lang = 'en';
    document.title = 'Admin';
    renderConsole();
    await screen.findByRole('rowheader', { name: /Galaxy/ });
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Galaxy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete OMERO' }));
    expect(await axeViolations()).toEqual([]);
    vi.restoreAllMocks();
  });
});

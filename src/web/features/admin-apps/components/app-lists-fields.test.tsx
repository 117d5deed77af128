import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../../shared/api/schemas.js';
import { APP_FIELDS } from '../../../../shared/catalog/app-rules.js';
import { AdminConsole } from '../../../app/admin-console/admin-console.js';
import { axeViolations } from '../../../test-support/axe.js';
import { makeAdminApp } from '../../../test-support/admin-fixtures.js';
import { createFakeAdminApi, type FakeAdminApi } from '../../../test-support/fake-admin-api.js';
import { server } from '../../../test-support/server.js';

// The app form's addresses per network and typed links (docs/networks.md): what it sends, what
// it shows from the admin answer, and that an app without them sends what it always sent.

const NETWORKS = [
  { id: 'campus', name: 'Campus network', ranges: ['10.0.0.0/8'] },
  { id: 'vpn', name: 'VPN', ranges: ['10.8.0.0/16'] },
];

let fake: FakeAdminApi;
let networks: typeof NETWORKS;
/** The app writes (POST, PATCH) with their bodies, in order. */
let writes: { method: string; body: Record<string, unknown> }[];

beforeEach(() => {
  networks = NETWORKS;
  // As the admin API answers them: the lists always there, empty when none.
  fake = createFakeAdminApi([
    makeAdminApp({ id: 'galaxy', name: 'Galaxy', addresses: [], links: [] }),
  ]);
  writes = [];
  server.use(
    http.get('/api/admin/networks', () => HttpResponse.json({ networks })),
    ...fake.handlers,
  );
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'POST' || request.method === 'PATCH') {
      const body = (await request.clone().json()) as Record<string, unknown>;
      writes.push({ method: request.method, body });
    }
  });
  return () => server.events.removeAllListeners();
});

const renderCard = (app: App) => (
  <article aria-label={`Card ${app.name}`}>
    {(app.links ?? []).map((link) => (
      <a key={link.url} href={link.url}>
        {link.label ?? link.kind}
      </a>
    ))}
  </article>
);

function renderConsole() {
  render(<AdminConsole renderCard={renderCard} renderHome={() => null} />);
}

const addresses = () => screen.getByRole('group', { name: 'Addresses on networks' });
const links = () => screen.getByRole('group', { name: 'Typed links' });

describe('the app form’s addresses and links', () => {
  it('sends the addresses and links of a new app, leaving out blank and removed rows', async () => {
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'New app' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'IGV');
    // One URL input per network, named after it, in the networks' order.
    const campus = await within(addresses()).findByRole('textbox', { name: 'Campus network' });
    expect(
      within(addresses())
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Campus network', 'VPN']);
    await userEvent.type(campus, 'https://igv.campus.example.edu/');

    await userEvent.click(within(links()).getByRole('button', { name: 'Add a link' }));
    const first = within(links()).getByRole('group', { name: 'Link 1' });
    await waitFor(() =>
      expect(within(first).getByRole('combobox', { name: 'Kind' })).toHaveFocus(),
    );
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Kind' }), 'status');
    await userEvent.type(
      within(first).getByRole('textbox', { name: 'URL' }),
      'https://status.example.edu/igv',
    );
    await userEvent.type(
      within(first).getByRole('textbox', { name: 'Label (optional)' }),
      'Status',
    );
    // A second row left blank is not sent; a third is removed again.
    await userEvent.click(within(links()).getByRole('button', { name: 'Add a link' }));
    await userEvent.click(within(links()).getByRole('button', { name: 'Add a link' }));
    await userEvent.type(
      within(within(links()).getByRole('group', { name: 'Link 3' })).getByRole('textbox', {
        name: 'URL',
      }),
      'mailto:igv@example.edu',
    );
    await userEvent.click(within(links()).getByRole('button', { name: 'Remove Link 3' }));
    expect(within(links()).queryByRole('group', { name: 'Link 3' })).toBeNull();
    // The preview card shows the typed link.
    expect(
      within(screen.getByRole('region', { name: 'Card preview' })).getByRole('link', {
        name: 'Status',
      }),
    ).toBeInTheDocument();
    // jsdom has no canvas (axe's icon-ligature check asks for one); contrast is an e2e matter.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    document.documentElement.lang = 'en';
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findByText('Created IGV.')).toBeVisible();
    expect(writes).toEqual([
      {
        method: 'POST',
        body: expect.objectContaining({
          name: 'IGV',
          addresses: [{ network: 'campus', url: 'https://igv.campus.example.edu/' }],
          links: [{ kind: 'status', url: 'https://status.example.edu/igv', label: 'Status' }],
        }),
      },
    ]);
  });

  it('fills the inputs from the admin answer, sends nothing unchanged and only the list changed', async () => {
    fake.apps.set(
      'igv',
      makeAdminApp({
        id: 'igv',
        name: 'IGV',
        addresses: [{ network: 'campus', url: 'https://igv.campus.example.edu/' }],
        links: [
          { kind: 'status', url: 'https://status.example.edu/igv', label: 'Status' },
          { kind: 'support', url: 'mailto:igv@example.edu' },
        ],
      }),
    );
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit IGV' }));
    expect(await within(addresses()).findByRole('textbox', { name: 'Campus network' })).toHaveValue(
      'https://igv.campus.example.edu/',
    );
    expect(within(addresses()).getByRole('textbox', { name: 'VPN' })).toHaveValue('');
    const row = within(links()).getByRole('group', { name: 'Link 1' });
    expect(within(row).getByRole('combobox', { name: 'Kind' })).toHaveValue('status');
    expect(within(row).getByRole('textbox', { name: 'URL' })).toHaveValue(
      'https://status.example.edu/igv',
    );
    expect(within(row).getByRole('textbox', { name: 'Label (optional)' })).toHaveValue('Status');
    const second = within(links()).getByRole('group', { name: 'Link 2' });
    expect(within(second).getByRole('combobox', { name: 'Kind' })).toHaveValue('support');
    expect(within(second).getByRole('textbox', { name: 'Label (optional)' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved IGV.')).toBeVisible();
    expect(writes).toEqual([]);

    // Changing one list sends that list only.
    await userEvent.click(await screen.findByRole('button', { name: 'Edit IGV' }));
    const vpn = await within(addresses()).findByRole('textbox', { name: 'VPN' });
    await userEvent.type(vpn, 'https://igv.vpn.example.edu/');
    await userEvent.clear(within(addresses()).getByRole('textbox', { name: 'Campus network' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved IGV.')).toBeVisible();
    expect(writes).toEqual([
      {
        method: 'PATCH',
        body: { addresses: [{ network: 'vpn', url: 'https://igv.vpn.example.edu/' }] },
      },
    ]);
    expect(fake.apps.get('igv')?.links).toHaveLength(2);
  });

  it('sends what it always sent for an app without addresses and links', async () => {
    networks = [];
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'New app' }));
    expect(
      await within(addresses()).findByText(
        'No networks are defined: add them in the Networks tab.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Jupyter');
    await userEvent.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findByText('Created Jupyter.')).toBeVisible();
    // Every field the form edits, as before: no `addresses`, no `links`.
    expect(Object.keys(writes[0]!.body).sort()).toEqual(
      APP_FIELDS.filter((field) => field !== 'id').sort(),
    );
    expect(writes[0]!.body).not.toHaveProperty('addresses');
    expect(writes[0]!.body).not.toHaveProperty('links');

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Galaxy' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Workflows.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved Galaxy.')).toBeVisible();
    expect(writes[1]).toEqual({ method: 'PATCH', body: { description: 'Workflows.' } });
  });

  it('shows a problem under the input of the row it names, from its own check or the server', async () => {
    server.use(
      http.post('/api/admin/apps', () =>
        HttpResponse.json(
          {
            status: 400,
            message: 'Some fields are not valid.',
            data: {
              fields: {
                addresses:
                  'entry 1 names the network "vpn", which is not defined: add it to the networks',
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'New app' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'IGV');
    await userEvent.click(within(links()).getByRole('button', { name: 'Add a link' }));
    const url = within(links()).getByRole('textbox', { name: 'URL' });
    await userEvent.type(url, 'ftp://files.example.edu/');
    await userEvent.click(screen.getByRole('button', { name: 'Create app' }));
    await waitFor(() => expect(url).toHaveFocus());
    expect(url).toHaveAccessibleDescription(
      'URL must be an http(s) URL or a mailto: address (got "ftp://files.example.edu/")',
    );
    expect(writes).toEqual([]);

    await userEvent.selectOptions(within(links()).getByRole('combobox', { name: 'Kind' }), 'docs');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://docs.example.edu/igv');
    const vpn = within(addresses()).getByRole('textbox', { name: 'VPN' });
    await userEvent.type(vpn, 'https://igv.vpn.example.edu/');
    await userEvent.click(screen.getByRole('button', { name: 'Create app' }));
    await waitFor(() => expect(vpn).toHaveFocus());
    expect(vpn).toHaveAccessibleDescription('VPN names the network "vpn", which is not defined');
    expect(vpn).toHaveValue('https://igv.vpn.example.edu/');
  });
});

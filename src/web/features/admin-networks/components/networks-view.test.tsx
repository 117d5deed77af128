import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkNetworks, type Network } from '../../../../shared/network/networks.js';
import axe from 'axe-core';
import { server } from '../../../test-support/server.js';
import { NetworksView } from './networks-view.js';

// The Networks tab against a fake of GET/PUT /api/admin/networks that checks with the shared
// rules, refuses to drop a network an app still names, and refuses a name the test picks.

const CAMPUS: Network = {
  id: 'campus',
  name: 'Campus network',
  ranges: ['10.0.0.0/8', '2001:db8::/32'],
  help: 'https://it.example.edu/vpn',
};
const VPN: Network = { id: 'vpn', name: 'VPN', ranges: ['10.8.0.0/16'] };

let stored: Network[];
let puts: unknown[];
/** Network ids an app's addresses still name. */
let named: Set<string>;

const refuse = (problems: string[]) =>
  HttpResponse.json(
    {
      status: 400,
      message: `The networks were not saved: ${problems.join('; ')}.`,
      data: { problems },
    },
    { status: 400 },
  );

beforeEach(() => {
  stored = [CAMPUS, VPN];
  puts = [];
  named = new Set();
  server.use(
    http.get('/api/admin/networks', () => HttpResponse.json({ networks: stored })),
    http.put('/api/admin/networks', async ({ request }) => {
      const body = (await request.json()) as { networks: unknown };
      puts.push(body);
      const { networks, problems } = checkNetworks(body.networks);
      networks.forEach((network, index) => {
        if (network.name === 'Refused') {
          problems.push(`network ${index + 1} "${network.id}": field "name" is taken`);
        }
      });
      const kept = new Set(networks.map((network) => network.id));
      for (const id of named) {
        if (!kept.has(id)) {
          problems.push(
            `the network "${id}" is still named by the addresses of "galaxy": remove those addresses first`,
          );
        }
      }
      if (problems.length > 0) return refuse(problems);
      stored = networks;
      return HttpResponse.json({ networks: stored });
    }),
  );
});

function renderView() {
  const onChanged = vi.fn();
  const { container } = render(<NetworksView onChanged={onChanged} />);
  return { onChanged, container };
}

/** axe-core's violations in the tab (colour contrast needs a real browser: the e2e tests). */
async function violations(container: HTMLElement): Promise<string[]> {
  // jsdom has no canvas (axe's icon-ligature check asks for one).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const network = (name: string) => screen.getByRole('group', { name });

describe('the Networks tab', () => {
  it('lists the networks, adds one and saves the whole list with PUT', async () => {
    const { onChanged, container } = renderView();
    const campus = await screen.findByRole('group', { name: 'Campus network' });
    expect(within(campus).getByRole('textbox', { name: 'Id' })).toHaveValue('campus');
    expect(within(campus).getByRole('textbox', { name: 'Ranges' })).toHaveValue(
      '10.0.0.0/8\n2001:db8::/32',
    );
    expect(within(campus).getByRole('textbox', { name: 'Help link' })).toHaveValue(
      'https://it.example.edu/vpn',
    );
    expect(network('VPN')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a network' }));
    const added = screen.getByRole('group', { name: 'Network 3' });
    await waitFor(() => expect(within(added).getByRole('textbox', { name: 'Id' })).toHaveFocus());
    await userEvent.keyboard('guest');
    await userEvent.type(within(added).getByRole('textbox', { name: 'Name' }), 'Guest Wi-Fi');
    // Named as typed, and the ranges one per line or comma-separated.
    const guest = network('Guest Wi-Fi');
    await userEvent.type(
      within(guest).getByRole('textbox', { name: 'Ranges' }),
      '192.168.0.0/16, 2001:db8:1::/48{Enter}172.16.0.5',
    );
    await userEvent.type(
      within(guest).getByRole('textbox', { name: 'Help text' }),
      'Ask at the front desk.',
    );
    expect(await violations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save the networks' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('Saved the networks.'));
    expect(puts).toEqual([
      {
        networks: [
          CAMPUS,
          VPN,
          {
            id: 'guest',
            name: 'Guest Wi-Fi',
            ranges: ['192.168.0.0/16', '2001:db8:1::/48', '172.16.0.5'],
            helpText: 'Ask at the front desk.',
          },
        ],
      },
    ]);
    // The form shows the list as saved (single addresses canonical).
    expect(within(network('Guest Wi-Fi')).getByRole('textbox', { name: 'Ranges' })).toHaveValue(
      '192.168.0.0/16\n2001:db8:1::/48\n172.16.0.5/32',
    );
  });

  it('checks the ranges with the server’s rules before sending, under the field', async () => {
    renderView();
    const ranges = within(await screen.findByRole('group', { name: 'VPN' })).getByRole('textbox', {
      name: 'Ranges',
    });
    await userEvent.clear(ranges);
    await userEvent.type(ranges, '10.8.1.2/16');
    await userEvent.click(screen.getByRole('button', { name: 'Save the networks' }));
    await waitFor(() => expect(ranges).toHaveFocus());
    expect(ranges).toHaveAttribute('aria-invalid', 'true');
    expect(ranges).toHaveAccessibleDescription(
      expect.stringContaining(
        'Ranges: "10.8.1.2/16" has address bits set after its /16 prefix: write 10.8.0.0/16',
      ),
    );
    expect(puts).toEqual([]);
  });

  it('shows a problem the server finds next to its field, keeping what was typed', async () => {
    renderView();
    const name = within(await screen.findByRole('group', { name: 'VPN' })).getByRole('textbox', {
      name: 'Name',
    });
    await userEvent.clear(name);
    await userEvent.type(name, 'Refused');
    await userEvent.click(screen.getByRole('button', { name: 'Save the networks' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is taken');
    expect(name).toHaveValue('Refused');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The networks were not saved: see the messages under the fields.',
    );
    expect(stored).toEqual([CAMPUS, VPN]);

    // Typing again clears the message; saving then works.
    await userEvent.type(name, ' no more');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('removes a network on save, with Undo until then, and reorders the list', async () => {
    const { onChanged } = renderView();
    await screen.findByRole('group', { name: 'VPN' });
    await userEvent.click(screen.getByRole('button', { name: 'Move VPN up' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move VPN down' })).toHaveFocus(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Campus network' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Keep Campus network' })).toHaveFocus(),
    );
    expect(screen.getByText('Campus network (campus) will be removed when the list is saved.'));
    expect(screen.queryByRole('group', { name: 'Campus network' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save the networks' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(puts).toEqual([{ networks: [VPN] }]);
    expect(screen.queryByText(/will be removed/)).toBeNull();
  });

  it('keeps a network an app still names, saying so by its Undo button', async () => {
    named.add('campus');
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Campus network' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save the networks' }));
    const keep = screen.getByRole('button', { name: 'Keep Campus network' });
    await waitFor(() => expect(keep).toHaveFocus());
    expect(keep).toHaveAccessibleDescription(
      'Campus network cannot be removed: the addresses of "galaxy" still name it. Remove those addresses first.',
    );
    expect(stored).toEqual([CAMPUS, VPN]);
    await userEvent.click(keep);
    expect(within(network('Campus network')).getByRole('textbox', { name: 'Ranges' })).toHaveValue(
      '10.0.0.0/8\n2001:db8::/32',
    );
  });

  it('saves at the version it loaded and keeps the form when someone else saved first (409)', async () => {
    let version = 'v1';
    server.use(
      http.get('/api/admin/networks', () => HttpResponse.json({ networks: stored, version })),
      http.put('/api/admin/networks', async ({ request }) => {
        const body = (await request.json()) as { networks: Network[]; version?: string };
        puts.push(body);
        if (body.version !== version) {
          return HttpResponse.json(
            { status: 409, code: 'conflict', message: 'Changed meanwhile.', data: {} },
            { status: 409 },
          );
        }
        stored = body.networks;
        version = 'v2';
        return HttpResponse.json({ networks: stored, version });
      }),
    );
    const { onChanged } = renderView();
    await screen.findByRole('group', { name: 'VPN' });
    const save = screen.getByRole('button', { name: 'Save the networks' });
    await userEvent.click(save);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(puts).toEqual([{ networks: [CAMPUS, VPN], version: 'v1' }]);

    // Another admin saves meanwhile; this one's change is refused and stays in the form.
    version = 'v3';
    await userEvent.type(within(network('VPN')).getByRole('textbox', { name: 'Name' }), ' 2');
    await userEvent.click(save);
    expect(
      await screen.findByText(
        'The networks were not saved: This was changed in the meantime. Reload the page and try again.',
      ),
    ).toBeInTheDocument();
    expect(puts.at(-1)).toMatchObject({ version: 'v2' });
    expect(within(network('VPN 2')).getByRole('textbox', { name: 'Name' })).toHaveValue('VPN 2');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});

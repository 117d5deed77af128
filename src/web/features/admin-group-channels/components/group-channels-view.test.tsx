import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupChannel } from '../../../../shared/api/group-channel-schemas.js';
import { server } from '../../../test-support/server.js';
import { GroupChannelsView } from './group-channels-view.js';

// The Group channels tab against a fake of GET/PUT /api/admin/group-channels that keeps a
// channel's secret while its group and URL stay, makes one for a new channel, and refuses an
// http URL as the server does.

const IMAGING: GroupChannel = {
  group: '/imaging',
  url: 'https://hooks.slack.example.com/services/T0/B0/x',
  format: 'slack',
  secret: 'imaging-secret-0123456789',
};

let stored: GroupChannel[];
let puts: unknown[];

beforeEach(() => {
  stored = [IMAGING];
  puts = [];
  server.use(
    http.get('/api/admin/group-channels', () => HttpResponse.json(stored)),
    http.put('/api/admin/group-channels', async ({ request }) => {
      const body = (await request.json()) as Omit<GroupChannel, 'secret'>[];
      puts.push(body);
      const problems = body.flatMap((channel, index) =>
        channel.url.startsWith('https://')
          ? []
          : [`channel ${index + 1} needs an https URL (http only to this machine)`],
      );
      if (problems.length > 0) {
        return HttpResponse.json(
          {
            status: 400,
            message: `The group channels were not saved: ${problems.join('; ')}.`,
            data: { problems },
          },
          { status: 400 },
        );
      }
      stored = body.map((channel) => ({
        ...channel,
        group: `/${channel.group.replace(/^\/+/, '')}`,
        secret:
          stored.find((old) => old.group === channel.group && old.url === channel.url)?.secret ??
          'new-secret-abcdefghijkl',
      }));
      return HttpResponse.json(stored);
    }),
  );
});

async function violations(container: HTMLElement): Promise<string[]> {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('the Group channels tab', () => {
  it('lists the channels with their secret, adds one and saves the whole list', async () => {
    const onChanged = vi.fn();
    const { container } = render(<GroupChannelsView onChanged={onChanged} />);
    const imaging = await screen.findByRole('group', { name: 'Channel 1: /imaging' });
    expect(within(imaging).getByRole('textbox', { name: 'Group' })).toHaveValue('/imaging');
    expect(within(imaging).getByRole('combobox', { name: 'Format' })).toHaveValue('slack');
    expect(within(imaging).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      IMAGING.secret,
    );
    expect(
      within(imaging).getByRole('button', { name: 'Copy the signing secret of channel 1' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a channel' }));
    const added = screen.getByRole('group', { name: 'Channel 2: …' });
    await waitFor(() =>
      expect(within(added).getByRole('textbox', { name: 'Group' })).toHaveFocus(),
    );
    expect(
      within(added).getByText('The signing secret is made when the channel is saved.'),
    ).toBeInTheDocument();
    await userEvent.keyboard('/genomics');
    const genomics = screen.getByRole('group', { name: 'Channel 2: /genomics' });
    await userEvent.type(
      within(genomics).getByRole('textbox', { name: 'Webhook URL' }),
      'https://hookshot.example.edu/webhook/abc',
    );
    await userEvent.selectOptions(
      within(genomics).getByRole('combobox', { name: 'Format' }),
      'Matrix (hookshot)',
    );
    expect(await violations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save the channels' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('The group channels were saved.'));
    expect(puts).toEqual([
      [
        { group: '/imaging', url: IMAGING.url, format: 'slack' },
        { group: '/genomics', url: 'https://hookshot.example.edu/webhook/abc', format: 'matrix' },
      ],
    ]);
    const saved = screen.getByRole('group', { name: 'Channel 2: /genomics' });
    expect(within(saved).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'new-secret-abcdefghijkl',
    );
  });

  it('shows the server’s problems and keeps the form; removing a channel saves without it', async () => {
    const onChanged = vi.fn();
    render(<GroupChannelsView onChanged={onChanged} />);
    const imaging = await screen.findByRole('group', { name: 'Channel 1: /imaging' });
    const url = within(imaging).getByRole('textbox', { name: 'Webhook URL' });
    await userEvent.clear(url);
    await userEvent.type(url, 'http://hooks.example.org/x');
    await userEvent.click(screen.getByRole('button', { name: 'Save the channels' }));
    const alert = await screen.findByText('The group channels were not saved:');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'channel 1 needs an https URL (http only to this machine)',
    );
    expect(url).toHaveValue('http://hooks.example.org/x');
    expect(onChanged).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove channel 1' }));
    expect(screen.getByText('No group channels yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save the channels' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(puts.at(-1)).toEqual([]);
  });
});

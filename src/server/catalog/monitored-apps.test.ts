import { describe, expect, it } from 'vitest';
import type { AppRecord } from './apps.queries.js';
import { monitoredApps } from './monitored-apps.js';

const record = (id: string, link: string, addresses?: unknown): AppRecord =>
  ({
    id,
    link,
    addresses: JSON.stringify(addresses ?? []),
    links: '[]',
  }) as unknown as AppRecord;

describe('monitoredApps', () => {
  it('checks an app at its public link, else at its first address on a network', async () => {
    const apps = monitoredApps({
      findAll: () =>
        Promise.resolve([
          record('plain', 'https://plain.example.edu/'),
          record('both', ' https://both.example.edu/ ', [
            { network: 'campus', url: 'https://both.campus.example.edu/' },
          ]),
          record('inside', '', [
            { network: 'vpn', url: 'https://inside.vpn.example.edu/' },
            { network: 'campus', url: 'https://inside.campus.example.edu/' },
          ]),
          record('nowhere', ''),
        ]),
    });
    expect(await apps.findAll()).toEqual([
      { id: 'plain', link: 'https://plain.example.edu/' },
      { id: 'both', link: 'https://both.example.edu/' },
      { id: 'inside', link: 'https://inside.vpn.example.edu/' },
      { id: 'nowhere', link: '' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { canSee } from '../catalog/visibility.js';
import { shippedCatalogs } from '../i18n/catalogs.js';
import { createTranslators } from '../i18n/translator.js';
import { createGroupChannelMessages, GROUP_CHANNEL_EVENT } from './group-channel-messages.js';
import type { GroupChannelRow } from './group-channels.table.js';
import type { AppChange } from './ports.js';

// Which group channel hears which change (docs/notifications.md, "Group channels"): a channel
// hears the apps a member of its group only may see (the catalog's rule, visibility.ts), and an
// app its group may not see is never named, not even in the texts.

const APPS = [
  { id: 'galaxy', name: 'Galaxy', isPublic: true, associatedGroups: [] },
  { id: 'omero', name: 'OMERO <lab>', isPublic: false, associatedGroups: ['imaging'] },
  { id: 'vault', name: 'Vault', isPublic: false, associatedGroups: ['secret-lab'] },
].map((app) => ({ ...app, link: `https://${app.id}.example.edu/` }));
// A link with characters that would end a chat's link markup.
APPS.push({
  id: 'wiki',
  name: 'Wiki',
  isPublic: true,
  associatedGroups: [],
  link: 'https://wiki.example.edu/a_(b)|c>d',
});

const channel = (id: string, group: string): GroupChannelRow => ({
  id,
  group,
  url: `https://hooks.example.edu/${id}`,
  format: 'json',
  secret: 's',
  created: '',
  updated: '',
});

function messages(rows: GroupChannelRow[]) {
  const t = createTranslators(shippedCatalogs(), ['server'])('en');
  return createGroupChannelMessages({
    channels: { list: async () => rows },
    visibleApps: async (viewer) => APPS.filter((app) => canSee(app, viewer)),
    t,
  });
}

const AT = Date.parse('2026-11-30T01:00:00Z');

describe('createGroupChannelMessages', () => {
  it('one message per channel, listing only the apps its group may see', async () => {
    const changes: AppChange[] = [
      { appId: 'vault', event: 'down', at: AT + 2000 },
      { appId: 'omero', event: 'maintenance', phase: 'begins', at: AT + 1000 },
      { appId: 'galaxy', event: 'down', at: AT },
    ];
    const out = await messages([channel('c1', 'imaging'), channel('c2', 'genomics')]).messagesFor(
      changes,
    );
    expect(out).toHaveLength(2);
    const [imaging, genomics] = out as Extract<(typeof out)[number], { kind: 'webhook' }>[];
    expect(imaging).toMatchObject({ kind: 'webhook', event: GROUP_CHANNEL_EVENT, channel: 'c1' });
    expect(imaging!.payload.group).toBe('/imaging');
    expect(imaging!.payload.changes).toEqual([
      {
        appId: 'galaxy',
        name: 'Galaxy',
        event: 'down',
        at: '2026-11-30T01:00:00.000Z',
        link: 'https://galaxy.example.edu/',
      },
      {
        appId: 'omero',
        name: 'OMERO <lab>',
        event: 'maintenance',
        phase: 'begins',
        at: '2026-11-30T01:00:01.000Z',
        link: 'https://omero.example.edu/',
      },
    ]);
    // A group that sees only the public app hears only of it.
    expect(genomics!.channel).toBe('c2');
    expect((genomics!.payload.changes as { appId: string }[]).map((c) => c.appId)).toEqual([
      'galaxy',
    ]);
    // Vault is named nowhere: neither in the changes nor in any text.
    for (const message of out) expect(JSON.stringify(message)).not.toMatch(/vault/i);
    const genomicsText = JSON.stringify(genomics);
    expect(genomicsText).not.toContain('OMERO');
  });

  it('writes the texts of every format, escaped for each', async () => {
    const [message] = await messages([channel('c1', 'imaging')]).messagesFor([
      { appId: 'omero', event: 'down', at: AT },
      { appId: 'galaxy', event: 'notice', at: AT, notice: { id: 'n1', title: 'Move *now*' } },
    ]);
    if (message?.kind !== 'webhook') throw new Error('no message');
    const texts = message.payload.texts as Record<string, string>;
    expect(texts.text).toBe(
      'Status of the apps of /imaging\nOMERO <lab> is down (since 2026-11-30 01:00 UTC).\nNotice for Galaxy: Move *now*',
    );
    expect(texts.slack).toContain('<https://omero.example.edu/|OMERO &lt;lab&gt;> is down');
    expect(texts.markdown).toContain('[OMERO \\<lab\\>](https://omero.example.edu/) is down');
    expect(texts.html).toContain(
      '<a href="https://omero.example.edu/">OMERO &lt;lab&gt;</a> is down',
    );
    expect(message.payload.changes).toContainEqual(
      expect.objectContaining({ appId: 'galaxy', notice: { id: 'n1', title: 'Move *now*' } }),
    );
  });

  it('keeps a link with markup characters whole in each format', async () => {
    const [message] = await messages([channel('c1', 'imaging')]).messagesFor([
      { appId: 'wiki', event: 'up', at: AT },
    ]);
    if (message?.kind !== 'webhook') throw new Error('no message');
    const texts = message.payload.texts as Record<string, string>;
    expect(texts.slack).toContain('<https://wiki.example.edu/a_%28b%29%7Cc%3Ed|Wiki>');
    expect(texts.markdown).toContain('[Wiki](https://wiki.example.edu/a_%28b%29%7Cc%3Ed)');
    expect(texts.html).toContain('<a href="https://wiki.example.edu/a_(b)|c&gt;d">Wiki</a>');
  });

  it('no message for a channel whose group sees none of the changed apps, or for no changes', async () => {
    const out = messages([channel('c1', 'imaging')]);
    expect(await out.messagesFor([{ appId: 'vault', event: 'up', at: AT }])).toEqual([]);
    expect(await out.messagesFor([])).toEqual([]);
  });
});

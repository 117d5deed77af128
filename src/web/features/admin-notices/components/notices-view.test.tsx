import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../../shared/api/schemas.js';
import { server } from '../../../test-support/server.js';
import { createFakeAdminApi, type FakeAdminApi } from '../../../test-support/fake-admin-api.js';
import { makeAdminApp } from '../../../test-support/admin-fixtures.js';
import { AdminConsole } from '../../../app/admin-console/admin-console.js';
import { axeViolations } from '../../../test-support/axe.js';

let fake: FakeAdminApi;
const renderCard = (app: App) => <article key={app.id}>{app.name}</article>;

beforeEach(() => {
  fake = createFakeAdminApi([
    makeAdminApp({ id: 'galaxy', name: 'Galaxy' }),
    makeAdminApp({ id: 'omero', name: 'OMERO', isPublic: false, associatedGroups: ['imaging'] }),
  ]);
  server.use(...fake.handlers);
});

/** Notice n9, titled `title`, stored on the fake server (10:00 to 14:00 UTC on 23 November). */
function storeNotice(title: string) {
  const at = '2026-11-23T12:00:00.000Z';
  const actor = { subject: 's', username: 'admin' };
  fake.notices.set('n9', {
    id: 'n9',
    title,
    text: '',
    severity: 'info',
    startsAt: '2026-11-23T10:00:00.000Z',
    endsAt: '2026-11-23T14:00:00.000Z',
    appIds: [],
    audience: { kind: 'everyone', groups: [] },
    requireAck: false,
    mailAudience: false,
    version: 1,
    created: at,
    createdBy: actor,
    updated: at,
    updatedBy: actor,
  });
}

async function openNotices() {
  render(<AdminConsole renderCard={renderCard} renderHome={() => null} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Notices' }));
  return screen.findByRole('button', { name: 'New notice' });
}

/** A datetime-local value in the browser's zone, as a person types it. */
async function typeTime(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('the Notices tab', () => {
  it('posts a notice with a time window and apps, then lists it', async () => {
    await userEvent.click(await openNotices());
    expect(screen.getByRole('heading', { name: 'New notice' })).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Title'), 'Storage upgrade');
    await userEvent.type(screen.getByLabelText('Text'), 'Read-only <b>all</b> day.');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Maintenance');
    await typeTime('Starts', '2026-12-01T08:00');
    await typeTime('Ends', '2026-12-01T18:30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'omero' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post notice' }));

    expect(await screen.findByText('Posted the notice “Storage upgrade”.')).toBeInTheDocument();
    const [notice] = [...fake.notices.values()];
    expect(notice).toMatchObject({
      title: 'Storage upgrade',
      text: 'Read-only <b>all</b> day.',
      severity: 'maintenance',
      startsAt: new Date('2026-12-01T08:00').toISOString(),
      endsAt: new Date('2026-12-01T18:30').toISOString(),
      appIds: ['omero'],
    });
    const list = await screen.findByRole('list', { name: 'Notices, latest start first' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Maintenance · Scheduled');
    expect(item).toHaveTextContent('Apps: omero');
    // Plain text: the markup is shown, not rendered.
    expect(within(item).getByText('Read-only <b>all</b> day.')).toBeInTheDocument();
    expect(item.querySelector('b')).toBeNull();
    expect(fake.audit[0]).toMatchObject({ action: 'notice', before: null });
  });

  it('shows each field’s problem under it and sends nothing', async () => {
    await userEvent.click(await openNotices());
    await typeTime('Starts', '2026-12-01T10:00');
    await typeTime('Ends', '2026-12-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Post notice' }));
    expect(await screen.findByText(/Some fields need a change/)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    expect(screen.getByLabelText('Ends')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Ends')).toHaveAccessibleDescription(
      /End must be after the start/,
    );
    expect(fake.notices.size).toBe(0);
  });

  it('keeps the focus in a delete dialog opened before the closed form gave it back', async () => {
    storeNotice('Quick');
    await openNotices();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the notice “Quick”' }));
    // The frame after the save, in which the focus goes back to "New notice", comes late: after
    // a quick click on Delete (a busy machine).
    const frames: FrameRequestCallback[] = [];
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Save notice' }));
      await userEvent.click(
        await screen.findByRole('button', { name: 'Delete the notice “Quick”' }),
      );
      const dialog = screen.getByRole('alertdialog', { name: 'Delete the notice “Quick”?' });
      frames.splice(0).forEach((callback) => callback(0));
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    } finally {
      frame.mockRestore();
    }
  });

  it('edits and deletes a notice, with a confirmation', async () => {
    storeNotice('Old title');
    await openNotices();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the notice “Old title”' }),
    );
    expect(screen.getByLabelText('Starts')).toHaveValue(
      new Date('2026-11-23T10:00:00.000Z').toLocaleString('sv').slice(0, 16).replace(' ', 'T'),
    );
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'New title');
    await userEvent.click(screen.getByRole('button', { name: 'Save notice' }));
    expect(await screen.findByText('Saved the notice “New title”.')).toBeInTheDocument();
    expect(fake.notices.get('n9')).toMatchObject({ title: 'New title', version: 2 });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the notice “New title”' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the notice “New title”?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.notices.size).toBe(0));
    expect(await screen.findByText('No notices yet.')).toBeInTheDocument();
    expect(fake.audit.map((entry) => entry.action)).toEqual(['notice', 'notice']);
  });

  it('has no axe violations in the list, the form and the dialog', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    document.documentElement.lang = 'en';
    document.title = 'Admin';
    await userEvent.click(await openNotices());
    await userEvent.click(screen.getByRole('button', { name: 'Post notice' }));
    expect(await axeViolations()).toEqual([]);
    await userEvent.type(screen.getByLabelText('Title'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Post notice' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the notice “Hello”' }));
    expect(await axeViolations()).toEqual([]);
    vi.restoreAllMocks();
  });
});

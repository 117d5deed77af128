import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import { server } from '../../../test-support/server.js';
import { createFakeAdminApi } from '../../../test-support/fake-admin-api.js';
import { makeAdminApp } from '../../../test-support/admin-fixtures.js';
import { AdminConsole } from '../../../app/admin-console/admin-console.js';

const renderCard = (app: App) => <article key={app.id} aria-label={`Card ${app.name}`} />;

let patches: Record<string, unknown>[];

beforeEach(() => {
  patches = [];
  const omero = makeAdminApp({
    id: 'omero',
    name: 'OMERO',
    isPublic: false,
    associatedGroups: ['imaging'],
  });
  const fake = createFakeAdminApi([omero]);
  server.use(
    // The access settings as the admin API takes them (the fake checks the other fields only).
    http.patch('/api/admin/apps/omero', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      const saved: AdminApp = { ...omero, ...body, version: omero.version + 1 } as AdminApp;
      return HttpResponse.json(saved as unknown as JsonBodyType);
    }),
    ...fake.handlers,
    http.get('/api/admin/networks', () => HttpResponse.json({ networks: [] })),
  );
  render(
    <AdminConsole renderCard={renderCard} renderHome={() => null} onCatalogChanged={() => {}} />,
  );
});

describe('the app form’s access requests section', () => {
  it('checks each field with its own message, then saves the access object', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit OMERO' }));
    expect(screen.getByRole('group', { name: 'Access requests' })).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /^Requestable/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const group = screen.getByRole('textbox', { name: 'Granting group' });
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription(
        expect.stringContaining('Granting group is required'),
      ),
    );
    expect(patches).toEqual([]);
    // The form moves the focus to the first invalid field in the next frame: typing before it
    // has landed would lose keys to it.
    await waitFor(() => expect(group).toHaveFocus());

    await user.type(group, '/imaging');
    const approvers = screen.getByRole('textbox', { name: 'Approvers' });
    await user.type(approvers, 'pi-imaging, group:');
    const days = screen.getByRole('textbox', { name: 'Access for (days)' });
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(approvers).toHaveAccessibleDescription(
        expect.stringContaining('Approvers must be usernames or group:/path'),
      ),
    );
    expect(days).toHaveAccessibleDescription(
      expect.stringContaining('Access for (days) must be a whole number of days from 1 to 3650'),
    );
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(patches).toEqual([]);
    await waitFor(() => expect(approvers).toHaveFocus());

    await user.type(approvers, '/imaging-leads');
    await user.clear(days);
    await user.type(days, '180');
    await user.click(screen.getByRole('checkbox', { name: /Show group and approvers/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved OMERO.')).toBeVisible();
    expect(patches).toEqual([
      {
        access: {
          requestable: true,
          group: '/imaging',
          approvers: ['pi-imaging', 'group:/imaging-leads'],
          showGroup: true,
          days: 180,
        },
      },
    ]);
  });

  it('offers the known groups as the granting group', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit OMERO' }));
    const picker = screen.getByRole('group', { name: 'Known groups for the granting group' });
    await user.click(picker.querySelector('button')!);
    expect(screen.getByRole('textbox', { name: 'Granting group' })).not.toHaveValue('');
  });

  it('sends nothing about access when the section is left alone', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit OMERO' }));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Images.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved OMERO.')).toBeVisible();
    expect(patches).toEqual([{ description: 'Images.' }]);
  });
});

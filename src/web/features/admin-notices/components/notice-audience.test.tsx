import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../../../shared/api/schemas.js';
import { server } from '../../../test-support/server.js';
import { createFakeAdminApi, type FakeAdminApi } from '../../../test-support/fake-admin-api.js';
import { makeAdminApp } from '../../../test-support/admin-fixtures.js';
import { AdminConsole } from '../../../app/admin-console/admin-console.js';

let fake: FakeAdminApi;
const renderCard = (app: App) => <article key={app.id}>{app.name}</article>;

beforeEach(() => {
  fake = createFakeAdminApi([makeAdminApp({ id: 'galaxy', name: 'Galaxy' })]);
  server.use(...fake.handlers);
});

async function openForm() {
  render(<AdminConsole renderCard={renderCard} renderHome={() => null} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Notices' }));
  await userEvent.click(await screen.findByRole('button', { name: 'New notice' }));
  await userEvent.type(screen.getByLabelText('Title'), 'New rules');
}

describe('the notice form’s audience and acknowledgement', () => {
  it('posts a notice for groups that must be acknowledged, and shows its acknowledgements', async () => {
    server.use(
      http.get('/api/admin/notices/:id/acknowledgements', () =>
        HttpResponse.json({
          notice: {},
          audience: { kind: 'groups', groups: ['genomics'] },
          acknowledged: [
            { subject: 's1', username: 'a', name: '', email: '', at: '2026-11-03T10:00:00Z' },
          ],
          pending: [
            { subject: 's2', username: 'b', name: '', email: '' },
            { subject: 's3', username: 'c', name: '', email: '' },
          ],
        }),
      ),
    );
    await openForm();
    expect(screen.getByLabelText('Who sees it')).toHaveValue('everyone');
    expect(screen.queryByLabelText('Groups')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Who sees it'), 'Members of groups');
    await userEvent.type(screen.getByLabelText('Groups'), '/genomics, staff');
    await userEvent.click(screen.getByRole('checkbox', { name: /Require acknowledgement/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Mail it to its audience/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Post notice' }));

    expect(await screen.findByText('Posted the notice “New rules”.')).toBeInTheDocument();
    const [notice] = [...fake.notices.values()];
    expect(notice).toMatchObject({
      audience: { kind: 'groups', groups: ['genomics', 'staff'] },
      requireAck: true,
      mailAudience: true,
    });
    const list = await screen.findByRole('list', { name: 'Notices, latest start first' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('For the groups: genomics, staff');
    expect(item).toHaveTextContent('Mailed to its audience.');
    await userEvent.click(
      within(item).getByRole('button', { name: 'Show the acknowledgements of “New rules”' }),
    );
    expect(await within(item).findByRole('status')).toHaveTextContent('1 acknowledged, 2 pending');
    expect(
      within(item).getByRole('button', {
        name: 'Download the acknowledgements of “New rules” as CSV',
      }),
    ).toBeInTheDocument();
  });

  it('refuses groups without a group under the field, and sends nothing', async () => {
    await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Who sees it'), 'Members of groups');
    await userEvent.click(screen.getByRole('button', { name: 'Post notice' }));
    expect(await screen.findByLabelText('Groups')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.notices.size).toBe(0);
  });
});

import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Delivery } from '../../../../shared/api/outbox-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import { server } from '../../../test-support/server.js';
import { createFakeAdminApi } from '../../../test-support/fake-admin-api.js';
import { makeAdminApp } from '../../../test-support/admin-fixtures.js';
import { AdminConsole } from '../../../app/admin-console/admin-console.js';
import { axeViolations } from '../../../test-support/axe.js';

const renderCard = (app: App) => <article key={app.id}>{app.name}</article>;

function delivery(overrides: Partial<Delivery>): Delivery {
  return {
    id: 'aaaaaaaaaaaaaaa',
    kind: 'mail',
    to: ['pi@example.edu'],
    summary: 'Access request: Napari',
    state: 'failed',
    attempts: 8,
    lastError: 'connect ECONNREFUSED 127.0.0.1:587',
    createdAt: '2026-11-25T10:00:00.000Z',
    nextAttemptAt: null,
    sentAt: null,
    ...overrides,
  };
}

let deliveries: Delivery[];
let queries: string[];

beforeEach(() => {
  deliveries = [
    delivery({}),
    delivery({
      id: 'bbbbbbbbbbbbbbb',
      kind: 'webhook',
      to: [],
      summary: 'access.request.created',
      state: 'sent',
      attempts: 1,
      lastError: '',
    }),
  ];
  queries = [];
  server.use(
    ...createFakeAdminApi([makeAdminApp({ id: 'galaxy', name: 'Galaxy' })]).handlers,
    http.get('*/api/admin/outbox', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      const state = url.searchParams.get('state');
      const items = deliveries.filter((d) => state === null || d.state === state);
      return HttpResponse.json({
        page: 1,
        perPage: 30,
        totalItems: items.length,
        totalPages: items.length ? 1 : 0,
        items,
      });
    }),
    http.post('*/api/admin/outbox/:id/retry', ({ params }) => {
      const found = deliveries.find((d) => d.id === params.id);
      if (!found)
        return HttpResponse.json(
          { status: 404, message: 'No such delivery.', data: {} },
          { status: 404 },
        );
      Object.assign(found, {
        state: 'pending',
        attempts: 0,
        nextAttemptAt: '2026-11-25T11:00:00.000Z',
      });
      return HttpResponse.json(found);
    }),
  );
});

async function openDeliveries() {
  render(<AdminConsole renderCard={renderCard} renderHome={() => null} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Deliveries' }));
  return screen.findByRole('group', { name: 'Deliveries' });
}

describe('the Deliveries tab', () => {
  it('shows failed deliveries first, in words, and retries one', async () => {
    const table = await openDeliveries();
    expect(queries[0]).toContain('state=failed');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('E-mail: Access request: Napari');
    expect(rows[1]).toHaveTextContent('to pi@example.edu');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:587');

    await userEvent.click(screen.getByRole('button', { name: 'Retry “Access request: Napari”' }));
    expect(await screen.findByText('Queued “Access request: Napari” again.')).toBeInTheDocument();
    expect(deliveries[0]?.state).toBe('pending');
    // The failed list is empty now.
    expect(await screen.findByText('No deliveries.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'All');
    const all = await screen.findByRole('group', { name: 'Deliveries' });
    expect(within(all).getAllByRole('row')).toHaveLength(3);
    expect(within(all).getByText('Webhook:')).toBeInTheDocument();
    expect(within(all).queryAllByRole('button', { name: /^Retry/ })).toHaveLength(0);
  });

  it('has no axe violations', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    document.documentElement.lang = 'en';
    document.title = 'Admin';
    await openDeliveries();
    expect(await axeViolations()).toEqual([]);
  });
});

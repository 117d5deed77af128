import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAccessRequest, pageOf } from '../../../test-support/fixtures.js';
import { server } from '../../../test-support/server.js';
import { fetchMyRequests } from '../api/access-api.js';
import { createAccessStore } from '../stores/access-store.js';
import { LockedAccess } from './locked-access.js';

type Terms = { version: string; text?: string; url?: string };

async function openDialog(terms: Terms) {
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/access-requests', () => HttpResponse.json(pageOf([]))),
    http.post('/api/access-requests', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(makeAccessRequest(), { status: 201 });
    }),
  );
  const store = createAccessStore({ fetchMyRequests });
  await act(() => store.getState().load());
  const user = userEvent.setup();
  render(
    <LockedAccess app={{ id: 'napari', name: 'Napari', lockedAccess: { terms } }} store={store} />,
  );
  await user.click(screen.getByRole('button', { name: 'Request access: Napari' }));
  const dialog = screen.getByRole('dialog', { name: 'Request access to Napari' });
  return { user, dialog, bodies };
}

describe('the request dialog of an app with terms of use', () => {
  it('shows the text in a scrollable region, and sends only once the box is checked', async () => {
    const { user, dialog, bodies } = await openDialog({
      version: '2026-11',
      text: 'Be kind to the microscope.',
    });
    expect(
      within(dialog).getByRole('heading', { name: 'Terms of use (version 2026-11)' }),
    ).toBeInTheDocument();
    const region = within(dialog).getByRole('region', { name: 'Terms of use (version 2026-11)' });
    expect(region).toHaveTextContent('Be kind to the microscope.');
    expect(region).toHaveAttribute('tabindex', '0');
    await user.type(within(dialog).getByLabelText('Why do you need access?'), 'Imaging');
    const send = within(dialog).getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    // Enter in the reason cannot skip the terms either.
    await user.type(within(dialog).getByLabelText('Why do you need access?'), '{Enter}');
    expect(bodies).toEqual([]);
    const box = within(dialog).getByRole('checkbox', {
      name: 'I have read and accept the terms of use (version 2026-11)',
    });
    expect(box).toBeRequired();
    await user.click(box);
    expect(send).toBeEnabled();
    await user.click(send);
    expect(bodies).toEqual([{ appId: 'napari', reason: 'Imaging', acceptedTerms: '2026-11' }]);
  });

  it('links terms given as a URL, opening a new tab', async () => {
    const { dialog } = await openDialog({ version: 'v2', url: 'https://example.edu/terms' });
    const link = within(dialog).getByRole('link', { name: /Read the terms of use/ });
    expect(link).toHaveAttribute('href', 'https://example.edu/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).queryByRole('region')).not.toBeInTheDocument();
  });
});

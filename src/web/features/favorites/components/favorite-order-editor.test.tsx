import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeApp, makeMe } from '../../../test-support/fixtures.js';
import { server } from '../../../test-support/server.js';
import FavoriteOrderEditor, { moved } from './favorite-order-editor.js';

const apps = ['Galaxy', 'IGV', 'Wiki'].map((name) => makeApp({ id: name.toLowerCase(), name }));

const names = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('FavoriteOrderEditor', () => {
  it('moves a favorite by keyboard, saves the whole list and says where it went', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put('/api/me/favorites', async ({ request }) => {
        const body = (await request.json()) as { appIds: string[] };
        sent.push(body);
        const byId = new Map(apps.map((app) => [app.id, app]));
        return HttpResponse.json(makeMe({ favorites: body.appIds.map((id) => byId.get(id)!) }));
      }),
    );
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<FavoriteOrderEditor favorites={apps} onChanged={onChanged} onDone={() => {}} />);
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move Galaxy up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Wiki up' }));
    expect(names()).toEqual(['Galaxy', 'Wiki', 'IGV']);
    expect(screen.getByRole('status')).toHaveTextContent('Wiki moved to position 2 of 3.');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ appIds: ['galaxy', 'wiki', 'igv'] }]);
    // The focus stays on the moved favorite's button: Enter moves it again.
    expect(screen.getByRole('button', { name: 'Move Wiki up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Wiki', 'Galaxy', 'IGV']);
    // At the top, the focus goes to the button that still works.
    expect(screen.getByRole('button', { name: 'Move Wiki down' })).toHaveFocus();
  });

  it('puts the list back and says so when the server refuses', async () => {
    server.use(
      http.put('/api/me/favorites', () =>
        HttpResponse.json({ status: 400, message: 'No', data: {} }, { status: 400 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<FavoriteOrderEditor favorites={apps} onChanged={() => {}} onDone={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Move Galaxy down' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Could not save the new order: Galaxy is back at position 1.',
      ),
    );
    expect(names()).toEqual(['Galaxy', 'IGV', 'Wiki']);
  });

  it('leaves with Done', async () => {
    const onDone = vi.fn();
    render(<FavoriteOrderEditor favorites={apps} onChanged={() => {}} onDone={onDone} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalled();
  });
});

describe('moved', () => {
  it('moves one item and keeps the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});

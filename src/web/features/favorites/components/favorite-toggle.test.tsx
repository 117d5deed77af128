import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App, Me } from '../../../../shared/api/schemas.js';
import { makeApp, makeMe } from '../../../test-support/fixtures.js';
import { server } from '../../../test-support/server.js';
import { ToastProvider } from '../../../ui/toast.js';
import { FavoriteToggle } from './favorite-toggle.js';

const galaxy = makeApp({ id: 'galaxy', name: 'Galaxy' });

/** Holds the favorites as the session store would, refreshed from the server's answer. */
function Harness({ initial, onChanged }: { initial: App[]; onChanged?: (me: Me) => void }) {
  const [favorites, setFavorites] = useState(initial);
  return (
    <ToastProvider>
      <FavoriteToggle
        app={galaxy}
        isFavorite={favorites.some((app) => app.id === galaxy.id)}
        onChanged={(me) => {
          setFavorites(me.favorites);
          onChanged?.(me);
        }}
      />
    </ToastProvider>
  );
}

/** The heart: the button's own drawing (its classes name it). */
const heart = (button: HTMLElement) => button;

describe('FavoriteToggle', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows an outline heart when not a favorite, a filled one when it is', () => {
    const { unmount } = render(<Harness initial={[]} />);
    const add = screen.getByRole('button', { name: 'Add Galaxy to favorites' });
    expect(add).toHaveAttribute('aria-pressed', 'false');
    // The fill is a class (the `.icon` rule of styles.css leaves icons unfilled).
    expect(heart(add)).not.toHaveClass('icon-filled');
    unmount();

    render(<Harness initial={[galaxy]} />);
    const remove = screen.getByRole('button', { name: 'Remove Galaxy from favorites' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect(heart(remove)).toHaveClass('icon-filled');
  });

  it('adds through the API, then takes the refreshed user', async () => {
    const requests: string[] = [];
    server.use(
      http.put('/api/me/favorites/:appId', ({ params }) => {
        requests.push(`PUT ${String(params.appId)}`);
        return HttpResponse.json(makeMe({ favorites: [galaxy] }));
      }),
    );
    const onChanged = vi.fn();
    render(<Harness initial={[]} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Galaxy to favorites' }));
    const remove = await screen.findByRole('button', { name: 'Remove Galaxy from favorites' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect(requests).toEqual(['PUT galaxy']);
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ favorites: [galaxy] }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes through the API, then takes the refreshed user', async () => {
    server.use(
      http.delete('/api/me/favorites/:appId', () => HttpResponse.json(makeMe({ favorites: [] }))),
    );
    render(<Harness initial={[galaxy]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Galaxy from favorites' }));
    expect(await screen.findByRole('button', { name: 'Add Galaxy to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows the new state while the server is asked', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.put('/api/me/favorites/:appId', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(makeMe({ favorites: [galaxy] }));
      }),
    );
    render(<Harness initial={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Galaxy to favorites' }));
    expect(screen.getByRole('button', { name: 'Remove Galaxy from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    answer?.();
    await screen.findByRole('button', { name: 'Remove Galaxy from favorites' });
  });

  it('says "Failed to add app to favorites" and goes back when adding fails', async () => {
    server.use(http.put('/api/me/favorites/:appId', () => new HttpResponse(null, { status: 500 })));
    render(<Harness initial={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Galaxy to favorites' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add app to favorites');
    expect(screen.getByRole('button', { name: 'Add Galaxy to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('says "Failed to remove app from favorites" and goes back when removing fails', async () => {
    server.use(http.delete('/api/me/favorites/:appId', () => HttpResponse.error()));
    render(<Harness initial={[galaxy]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Galaxy from favorites' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to remove app from favorites',
    );
    expect(screen.getByRole('button', { name: 'Remove Galaxy from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('lets the toast be dismissed', async () => {
    server.use(http.put('/api/me/favorites/:appId', () => new HttpResponse(null, { status: 500 })));
    render(<Harness initial={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Galaxy to favorites' }));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

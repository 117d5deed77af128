import { Heart } from '../../../ui/icons.js';
import { useState } from 'react';
import type { App, Me } from '../../../../shared/api/schemas.js';
import { useT } from '../../../lib/i18n.js';
import { useToast } from '../../../ui/toast.js';
import { addFavorite, removeFavorite } from '../api/favorites.js';

export interface FavoriteToggleProps {
  app: App;
  isFavorite: boolean;
  /** Receives the refreshed user after a successful change. */
  onChanged(me: Me): void;
}

/**
 * The heart on a card (signed-in users only): filled when the app is a favorite, outline when
 * not. A click shows the new state at once, asks the server, then takes the refreshed user; on
 * failure it shows a toast and goes back to the previous state.
 */
export function FavoriteToggle({ app, isFavorite, onChanged }: FavoriteToggleProps) {
  const t = useT();
  const toast = useToast();
  const [pending, setPending] = useState<boolean | null>(null);
  const shown = pending ?? isFavorite;

  async function toggle() {
    if (pending !== null) return;
    const add = !isFavorite;
    setPending(add);
    try {
      const me = await (add ? addFavorite(app.id) : removeFavorite(app.id));
      onChanged(me);
    } catch (error) {
      console.error(`Could not ${add ? 'add' : 'remove'} the favorite ${app.id}.`, error);
      toast.showError(t(add ? 'errors.favorites.addFailed' : 'errors.favorites.removeFailed'));
    } finally {
      setPending(null);
    }
  }

  return (
    // The heart is the button's own drawing (`::before`, styles.css `.app-fav`): one element.
    <button
      type="button"
      className={`btn btn-ghost btn-sm btn-circle app-fav ${Heart.mask}${shown ? ' icon-filled' : ''}`}
      aria-pressed={shown}
      aria-label={t(shown ? 'favorites.remove' : 'favorites.add', { name: app.name })}
      // Not disabled before the app runs: a click then is held until the card has hydrated,
      // and comes back here (start.ts, ui/hydrate-later.tsx).
      aria-disabled={pending !== null || undefined}
      onClick={() => void toggle()}
    />
  );
}

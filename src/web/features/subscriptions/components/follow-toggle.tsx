import { useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../../lib/i18n.js';
import { Bell } from '../../../ui/icons.js';
import { useToast } from '../../../ui/toast.js';
import { useHydrated } from '../../../ui/use-hydrated.js';
import { followState, setFollowing } from '../stores/subscription-actions.js';
import type { SubscriptionsStore } from '../stores/subscriptions-store.js';

export interface FollowToggleProps {
  app: { id: string; name: string };
  /** Whether the app is one of the person's favourites (followed with them when they all are). */
  isFavorite: boolean;
  store: SubscriptionsStore;
  /** Extra classes (the card's grid area; the favourites' editor lays it out itself). */
  className?: string;
}

/**
 * The bell of an app the signed-in person may open (docs/notifications.md): "Follow {name}" /
 * "Stop following {name}", a toggle (`aria-pressed`), filled while followed. One element, the
 * bell its own drawing (`::before`, subscriptions.css). A click shows the new state at
 * once, asks the server and keeps its answer; on failure a toast says so and the bell goes back.
 * An app followed only because all favourites are (the switch of the favourites' editor) shows a
 * filled bell that says so and changes nothing. Nothing until the subscriptions are loaded: it
 * takes a free cell of the card's last row (subscriptions.css), so nothing moves.
 */
export function FollowToggle({ app, isFavorite, store, className = '' }: FollowToggleProps) {
  const t = useT();
  const toast = useToast();
  const subscriptions = useStore(store, (state) => state.subscriptions);
  const [pending, setPending] = useState<boolean | null>(null);
  // Never in the server's markup (the subscriptions are the browser's own): once hydrated.
  const hydrated = useHydrated();
  if (!subscriptions || !hydrated) return null;
  const state = followState(subscriptions, app.id, isFavorite);
  const shown = pending ?? state !== 'no';
  const byFavorites = pending === null && state === 'favorite';

  async function toggle() {
    if (pending !== null || byFavorites) return;
    const follow = state === 'no';
    setPending(follow);
    try {
      await setFollowing(store, app.id, follow);
    } catch (error) {
      console.error(`Could not ${follow ? 'follow' : 'stop following'} ${app.id}.`, error);
      toast.showError(t(follow ? 'subscriptions.followFailed' : 'subscriptions.unfollowFailed'));
    } finally {
      setPending(null);
    }
  }

  const label = byFavorites
    ? t('subscriptions.followedAsFavorite', { name: app.name })
    : t(shown ? 'subscriptions.unfollow' : 'subscriptions.follow', { name: app.name });
  return (
    <button
      type="button"
      // `hidden` until the bell's stylesheet applies (subscriptions.css), which shows it in place.
      className={`btn btn-ghost btn-sm btn-circle hidden app-bell ${Bell.mask}${shown ? ' icon-filled' : ''} ${className}`.trim()}
      aria-pressed={shown}
      aria-label={label}
      title={byFavorites ? label : undefined}
      aria-disabled={pending !== null || byFavorites || undefined}
      onClick={() => void toggle()}
    />
  );
}

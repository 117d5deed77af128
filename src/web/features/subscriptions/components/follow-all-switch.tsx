import { useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../../lib/i18n.js';
import { useId } from '../../../ui/use-id.js';
import { setAllFavorites } from '../stores/subscription-actions.js';
import type { SubscriptionsStore } from '../stores/subscriptions-store.js';

/**
 * "Follow all my favourites" (`allFavorites`): a switch (a checkbox with the switch role) that
 * stores the whole subscriptions object (`PUT /api/me/subscriptions`), with a line that says what
 * it means. It shows the new state at once; a refusal puts it back and says so in its live
 * region. Nothing until the subscriptions are loaded. In the favourites' order editor.
 */
export function FollowAllSwitch({ store }: { store: SubscriptionsStore }) {
  const t = useT();
  const hintId = useId();
  const subscriptions = useStore(store, (state) => state.subscriptions);
  const [pending, setPending] = useState<boolean | null>(null);
  const [message, setMessage] = useState('');
  if (!subscriptions) return null;
  const checked = pending ?? subscriptions.allFavorites;

  async function change(on: boolean) {
    if (pending !== null) return;
    setPending(on);
    setMessage('');
    try {
      await setAllFavorites(store, on);
    } catch (error) {
      console.error('Could not change "Follow all my favourites".', error);
      setMessage(t('subscriptions.allFavoritesFailed'));
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer items-center gap-2 font-medium">
        <input
          type="checkbox"
          role="switch"
          className="size-5 shrink-0"
          checked={checked}
          aria-describedby={hintId}
          aria-disabled={pending !== null || undefined}
          onChange={(event) => void change(event.target.checked)}
        />
        {t('subscriptions.allFavorites')}
      </label>
      <p id={hintId} className="text-base-content/75 text-sm">
        {t('subscriptions.allFavoritesHint')}
      </p>
      <p role="status" className={message ? 'text-sm' : 'sr-only'}>
        {message}
      </p>
    </div>
  );
}

import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { App, Me } from '../../../../shared/api/schemas.js';
import { useT } from '../../../lib/i18n.js';
import { icon } from '../../../ui/icons.js';
import { saveFavoriteOrder } from '../api/favorite-order.js';

const ArrowDown = icon('arrow-down');
const ArrowUp = icon('arrow-up');
const GripVertical = icon('grip-vertical');

export interface FavoriteOrderEditorProps {
  favorites: readonly App[];
  /** Receives the refreshed user after each saved move. */
  onChanged(me: Me): void;
  /** Leaves the editor (the "Done" button). */
  onDone(): void;
  /** Each favourite's bell (following it; the subscriptions feature renders it). */
  follow?(app: App): ReactNode;
  /** "Follow all my favourites", under the hint (the subscriptions feature renders it). */
  followAll?: ReactNode;
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The favorites in a list to put in order, by drag and drop or with each one's "Move up" and
 * "Move down" buttons. Each move is saved at once (PUT /api/me/favorites) and said in a live
 * region ("Galaxy moved to position 1 of 3."); a move the server refuses is undone and said so.
 * With `follow` and `followAll`, each favourite's bell and "Follow all my favourites".
 * Loaded on demand: the home page carries only the button that opens it.
 */
export default function FavoriteOrderEditor({
  favorites,
  onChanged,
  onDone,
  follow,
  followAll,
}: FavoriteOrderEditorProps) {
  const t = useT();
  const [order, setOrder] = useState<readonly App[]>(favorites);
  const [message, setMessage] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const focusAfterMove = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const headingId = useId();
  const hintId = useId();

  useEffect(() => done.current?.focus(), []);
  useEffect(() => {
    // The moved favorite's button keeps the focus (the other one once it reaches an end).
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const buttons = [
      ...(list.current?.querySelectorAll<HTMLButtonElement>(`[data-app="${target.id}"]`) ?? []),
    ].filter((button) => !button.disabled);
    (buttons.find((button) => button.dataset.move === target.direction) ?? buttons[0])?.focus();
  }, [order]);

  async function move(from: number, to: number, direction?: 'up' | 'down') {
    if (to < 0 || to >= order.length || from === to) return;
    const app = order[from];
    if (!app) return;
    const previous = order;
    const next = moved(order, from, to);
    if (direction) focusAfterMove.current = { id: app.id, direction };
    setOrder(next);
    setMessage(t('favorites.moved', { name: app.name, position: to + 1, count: next.length }));
    try {
      onChanged(await saveFavoriteOrder(next.map((item) => item.id)));
    } catch (error) {
      console.error('Could not save the order of the favorites.', error);
      setOrder(previous);
      setMessage(t('favorites.moveFailed', { name: app.name, position: from + 1 }));
    }
  }

  const dropOn = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null) void move(dragged, index);
    setDragged(null);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('favorites.title')}
        </h2>
        <button ref={done} type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          {t('favorites.done')}
        </button>
      </div>
      <p id={hintId} className="text-base-content/75">
        {t('favorites.editor.hint')}
      </p>
      {followAll}
      <ol ref={list} aria-describedby={hintId} className="flex max-w-2xl flex-col gap-2">
        {order.map((app, index) => (
          <li
            key={app.id}
            draggable
            data-dragging={dragged === index || undefined}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', app.id);
              setDragged(index);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={dropOn(index)}
            onDragEnd={() => setDragged(null)}
            className="bg-base-100 border-base-300 rounded-box flex items-center gap-2 border p-2 data-dragging:opacity-50"
          >
            <GripVertical aria-hidden="true" className="size-5 shrink-0 cursor-grab" />
            <span className="min-w-0 flex-1 truncate font-medium">{app.name}</span>
            {follow?.(app)}
            <button
              type="button"
              data-app={app.id}
              data-move="up"
              className="btn btn-ghost btn-sm btn-square"
              aria-label={t('favorites.moveUpLabel', { name: app.name })}
              title={t('favorites.moveUp')}
              disabled={index === 0}
              onClick={() => void move(index, index - 1, 'up')}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              data-app={app.id}
              data-move="down"
              className="btn btn-ghost btn-sm btn-square"
              aria-label={t('favorites.moveDownLabel', { name: app.name })}
              title={t('favorites.moveDown')}
              disabled={index === order.length - 1}
              onClick={() => void move(index, index + 1, 'down')}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="sr-only">
        {message}
      </p>
    </section>
  );
}

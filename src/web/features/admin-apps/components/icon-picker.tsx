import Shapes from 'lucide-react/icons/shapes';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { Icon } from '../../../../shared/api/icon-schemas.js';
import { errorText } from '../../../lib/error-text.js';
import { useLocale } from '../../../lib/i18n.js';
import { iconFile, searchIcons } from '../api/apps-api.js';

/** Icons per page of results: a few rows of the grid. */
export const ICONS_PER_PAGE = 24;
/** How long typing must pause before the server is asked. */
const SEARCH_DELAY_MS = 200;

export interface IconPickerProps {
  /** The icon's SVG, as a file to upload like any other logo (the form saves it with the app). */
  onPick(file: File): void;
}

/**
 * The offline icon set in the logo picker (docs/admin.md, "Icons"): a search field and a grid of
 * labelled buttons, searched on the server page by page, previews served by the portal. Keyboard:
 * Down from the field goes to the results, the arrow keys, Home and End move among them, Enter or
 * Space picks. A status line says what was found and what was picked.
 */
export function IconPicker({ onPick }: IconPickerProps) {
  const locale = useLocale();
  const { t } = locale;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [icons, setIcons] = useState<Icon[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [totalPages, setTotalPages] = useState(0);
  const [loading, setLoading] = useState(false);
  /** The last failure: of the search, or of loading the picked icon (`icon`). */
  const [problem, setProblem] = useState<{ error: unknown; icon?: string } | null>(null);
  const [picked, setPicked] = useState<Icon | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLUListElement>(null);
  const asked = useRef(0);
  const panelId = useId();
  const searchId = useId();
  const statusId = useId();

  const load = async (q: string, wanted: number) => {
    const ticket = ++asked.current;
    setLoading(true);
    setProblem(null);
    try {
      const list = await searchIcons(q.trim(), wanted, ICONS_PER_PAGE);
      if (ticket !== asked.current) return;
      setIcons((current) => (wanted === 1 ? list.items : [...current, ...list.items]));
      setTotal(list.totalItems);
      setPage(wanted);
      setTotalPages(list.totalPages);
    } catch (error) {
      if (ticket === asked.current) setProblem({ error });
    } finally {
      if (ticket === asked.current) setLoading(false);
    }
  };

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void load(query, 1), query === '' ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, open]);

  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);

  const pick = async (icon: Icon) => {
    setProblem(null);
    try {
      onPick(await iconFile(icon));
      setPicked(icon);
    } catch (error) {
      setProblem({ error, icon: icon.title });
    }
  };

  const buttons = () => [...(grid.current?.querySelectorAll('button') ?? [])];
  const onGridKey = (event: KeyboardEvent) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    // Right to left, the grid fills from the right: the left arrow goes on to the next icon.
    const step = locale.dir === 'rtl' ? -1 : 1;
    const next: Record<string, number> = {
      ArrowRight: at + step,
      ArrowDown: at + 1,
      ArrowLeft: at - step,
      ArrowUp: at - 1,
      Home: 0,
      End: all.length - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    if (target < 0) search.current?.focus();
    else all[Math.min(target, all.length - 1)]?.focus();
  };

  const words = query.trim();
  const status = loading
    ? t('admin.icons.searching')
    : total === null
      ? ''
      : total === 0
        ? t('admin.icons.none', { words })
        : words
          ? t('admin.icons.matches', { count: total, words, shown: icons.length })
          : t('admin.icons.inSet', { count: total, shown: icons.length });

  return (
    <div className="flex flex-col gap-2">
      <div>
        <button
          type="button"
          className="btn btn-sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((now) => !now)}
        >
          <Shapes aria-hidden="true" className="size-4" />
          {t(open ? 'admin.icons.close' : 'admin.icons.open')}
        </button>
      </div>
      <div id={panelId} hidden={!open} className="flex flex-col gap-2">
        <label htmlFor={searchId} className="text-sm font-medium">
          {t('admin.icons.search')}
        </label>
        <input
          ref={search}
          id={searchId}
          type="search"
          value={query}
          autoComplete="off"
          placeholder={t('admin.icons.placeholder')}
          aria-describedby={statusId}
          className="input input-bordered input-sm w-full max-w-xs"
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && buttons()[0]) {
              event.preventDefault();
              buttons()[0]?.focus();
            }
            // Enter searches; it must not submit the app form.
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <p id={statusId} role="status" className="text-base-content/75 min-h-5 text-sm">
          {status}
          {picked && ` ${t('admin.icons.picked', { icon: picked.title })}`}
        </p>
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem.icon === undefined
              ? errorText(locale, problem.error)
              : t('admin.icons.pickFailed', {
                  icon: problem.icon,
                  error: errorText(locale, problem.error),
                })}
          </p>
        )}
        <ul
          ref={grid}
          aria-label={t('admin.icons.gridLabel')}
          onKeyDown={onGridKey}
          className="grid max-h-72 grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2 overflow-y-auto p-1"
        >
          {icons.map((icon) => (
            <li key={icon.slug}>
              <button
                type="button"
                aria-pressed={picked?.slug === icon.slug}
                title={
                  icon.set === 'portal'
                    ? t('admin.icons.drawnForPortal', { icon: icon.title })
                    : icon.title
                }
                onClick={() => void pick(icon)}
                className={`btn btn-ghost h-auto w-full flex-col gap-1 px-1 py-2 text-xs font-normal ${
                  picked?.slug === icon.slug ? 'btn-active ring-primary ring-2' : ''
                }`}
              >
                <img
                  src={icon.svgUrl}
                  alt=""
                  width={32}
                  height={32}
                  loading="lazy"
                  className="size-8"
                />
                <span className="line-clamp-2 break-words">{icon.title}</span>
              </button>
            </li>
          ))}
        </ul>
        {page < totalPages && !loading && (
          <div>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => void load(query, page + 1)}
            >
              {t('admin.icons.more')}
            </button>
          </div>
        )}
        <p className="text-base-content/75 text-xs">{t('admin.icons.credits')}</p>
      </div>
    </div>
  );
}

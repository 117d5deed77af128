import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/error-text.js';
import { useLocale } from '../../../lib/i18n.js';
import { problemsOf as problemsOfError } from '../../../lib/console/admin-errors.js';
import { getNetworks, putNetworks } from '../api/networks-api.js';
import {
  checkRows,
  emptyRow,
  loadRules,
  NETWORK_FIELDS,
  networkOf,
  placeProblems,
  rowOf,
  sentRows,
  type NetworkField,
  type NetworkRules,
  type NetworkProblems,
  type NetworkRow,
} from '../utils/network-values.js';

const NO_PROBLEMS: NetworkProblems = { fields: {}, general: [] };

export interface NetworksFormOptions {
  onChanged(message: string): void;
}

/**
 * The Networks tab's state: the list as loaded and edited, the rules' and the server's problems
 * by row and field, and saving the whole list with PUT (nothing of the form is lost when it is
 * refused). The component renders.
 */
export function useNetworksForm({ onChanged }: NetworksFormOptions) {
  const locale = useLocale();
  const { t } = locale;
  const [rows, setRows] = useState<NetworkRow[] | null>(null);
  const [rules, setRules] = useState<NetworkRules | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [problems, setProblems] = useState<NetworkProblems>(NO_PROBLEMS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The list's version as loaded or saved: a save over someone else's change is refused (409).
  const version = useRef<string | undefined>(undefined);
  const summary = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const [list, loaded] = await Promise.all([getNetworks(), loadRules()]);
      setRules(loaded);
      version.current = list.version;
      setRows(list.networks.map(rowOf));
      setLoadError(null);
    } catch (error) {
      setLoadError(t('admin.networks.loadFailed', { error: errorText(locale, error) }));
    }
    // The language never changes while the page lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => void load(), [load]);

  /** After a change: the element the selector finds in the form, once rendered. */
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(selector)?.focus());

  const forget = (keys: readonly string[]) =>
    setProblems((current) => {
      if (!keys.some((key) => key in current.fields)) return current;
      const fields = { ...current.fields };
      for (const key of keys) delete fields[key];
      return { ...current, fields };
    });

  const update = (key: string, change: (row: NetworkRow) => NetworkRow | null) =>
    setRows((current) =>
      (current ?? []).flatMap((row) => {
        if (row.key !== key) return [row];
        const next = change(row);
        return next ? [next] : [];
      }),
    );

  const setField = (key: string, field: NetworkField, value: string) => {
    update(key, (row) => ({ ...row, [field]: value }));
    forget([`${key}.${field}`, `${key}.row`]);
  };

  const add = () => {
    const row = emptyRow();
    setRows((current) => [...(current ?? []), row]);
    focusLater(`[data-network="${row.key}"] input`);
  };

  /** A new network goes at once; a saved one stays, marked, until the list is saved. */
  const remove = (key: string) => {
    const row = rows?.find((r) => r.key === key);
    if (!row) return;
    if (row.savedId === '') {
      update(key, () => null);
      focusLater('[data-network-add]');
    } else {
      update(key, (r) => ({ ...r, removed: true }));
      focusLater(`[data-network-undo="${key}"]`);
    }
    forget([...NETWORK_FIELDS, 'row'].map((field) => `${key}.${field}`));
  };

  const undo = (key: string) => {
    update(key, (row) => ({ ...row, removed: false }));
    forget([`${key}.row`]);
    focusLater(`[data-network="${key}"] input`);
  };

  /** Moves a network up (-1) or down (+1): the order breaks ties between ranges. */
  const move = (key: string, by: -1 | 1) => {
    setRows((current) => {
      const list = [...(current ?? [])];
      const from = list.findIndex((row) => row.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= list.length) return current;
      [list[from], list[to]] = [list[to]!, list[from]!];
      return list;
    });
    // The same button keeps the focus, or the other one when this one is now at the end.
    requestAnimationFrame(() => {
      const own = form.current?.querySelector<HTMLButtonElement>(
        `[data-network-move="${key}:${by}"]`,
      );
      const other = form.current?.querySelector<HTMLButtonElement>(
        `[data-network-move="${key}:${-by}"]`,
      );
      (own && !own.disabled ? own : other)?.focus();
    });
  };

  /** After a refusal: the focus goes to the first field with a problem, else the summary. */
  const focusFirstProblem = () =>
    requestAnimationFrame(() => {
      const field = form.current?.querySelector<HTMLElement>(
        '[aria-invalid="true"], [data-network-problem]',
      );
      (field ?? summary.current)?.focus();
    });

  const refuse = (found: NetworkProblems) => {
    setProblems(found);
    focusFirstProblem();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rows || !rules || busy) return;
    setFailure(null);
    setBusy(true);
    try {
      const ruled = checkRows(rules, rows);
      if (ruled.length > 0) {
        refuse(placeProblems(ruled, rows));
        return;
      }
      const saved = await putNetworks(sentRows(rows).map(networkOf), version.current);
      version.current = saved.version;
      setRows(saved.networks.map(rowOf));
      setProblems(NO_PROBLEMS);
      onChanged(t('admin.networks.saved'));
    } catch (error) {
      const refused = problemsOfError(error);
      if (refused.length > 0) refuse(placeProblems(refused, rows));
      else {
        setProblems(NO_PROBLEMS);
        setFailure(t('admin.networks.saveFailed', { error: errorText(locale, error) }));
        requestAnimationFrame(() => summary.current?.focus());
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    rows,
    /** The rules' limits (networks, ranges, lengths); null until loaded with the list. */
    limits: rules?.NETWORK_LIMITS ?? null,
    loadError,
    problems,
    failure,
    busy,
    setField,
    add,
    remove,
    undo,
    move,
    submit,
    refs: { form, summary },
  };
}

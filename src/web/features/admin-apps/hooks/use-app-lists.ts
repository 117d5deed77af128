import { useEffect, useMemo, useState } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import type { NetworkView } from '../../../../shared/api/network-schemas.js';
import type { AppAddress, AppLink } from '../../../../shared/catalog/app-links.js';
import { errorText } from '../../../lib/error-text.js';
import { useLocale } from '../../../lib/i18n.js';
import { listNetworks } from '../api/apps-api.js';
import {
  entryProblem,
  linksOf,
  listMessage,
  listRowErrors,
  listsCreateBody,
  listsPatch,
  listValuesOf,
  networkIdsOf,
  newLinkRow,
  type EntryProblem,
  type LinkField,
  type LinkRow,
  type ListField,
  type ListValues,
} from '../utils/app-lists-values.js';

export interface AppListsOptions {
  app: AdminApp | undefined;
  /** The server's messages by field of the last refused save (`addresses`, `links`). */
  serverErrors: Readonly<Record<string, string>>;
  /** The fields whose own problems show (touched, or a save was tried). */
  touched: ReadonlySet<string>;
  /** An input of the list changed: the server's message about it is stale. */
  onEdit(field: ListField): void;
}

type Lists = { addresses?: AppAddress[]; links?: AppLink[] };

/**
 * The app form's addresses per network and typed links (docs/networks.md): the networks (loaded
 * once, when the form opens), the values as typed, the rules' problems per row and the server's
 * mapped back to the row it names, and the lists for the request body.
 */
export function useAppLists({ app, serverErrors, touched, onEdit }: AppListsOptions) {
  const locale = useLocale();
  const { t } = locale;
  const [values, setValues] = useState<ListValues>(() => listValuesOf(app));
  const [networks, setNetworks] = useState<NetworkView[] | null>(null);
  const [networksError, setNetworksError] = useState<string | null>(null);
  /** What the last save sent, so that the server's `entry 2` names a row. */
  const [sent, setSent] = useState<{ addresses: AppAddress[]; links: LinkRow[] }>({
    addresses: [],
    links: [],
  });

  useEffect(() => {
    let live = true;
    listNetworks().then(
      (list) => live && setNetworks(list.networks),
      (error: unknown) => live && setNetworksError(errorText(locale, error)),
    );
    return () => {
      live = false;
    };
    // Once per form; the language never changes while the page lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const order = useMemo(() => (networks ?? []).map((network) => network.id), [networks]);
  const ruled = useMemo(() => listRowErrors(values), [values]);
  const invalid =
    Object.keys(ruled.addresses).length > 0 ||
    Object.keys(ruled.links).length > 0 ||
    Object.keys(ruled.general).length > 0;

  const serverProblem = (field: ListField): EntryProblem | null => {
    const message = serverErrors[field];
    if (message === undefined) return null;
    return entryProblem(message) ?? { index: -1, field: null, message };
  };
  const addressServer = serverProblem('addresses');
  const linkServer = serverProblem('links');
  const addressRow = addressServer ? sent.addresses[addressServer.index]?.network : undefined;
  const linkRow = linkServer ? sent.links[linkServer.index]?.key : undefined;

  /** The problem of the address on `network`, its input labelled `label`. */
  const addressError = (network: string, label: string): string | undefined => {
    if (addressServer && addressRow === network) {
      return listMessage(t, label, addressServer.message);
    }
    const own = touched.has('addresses') ? ruled.addresses[network] : undefined;
    return own && listMessage(t, label, own.message);
  };
  /** The problem of one input of a link row. */
  const linkError = (key: string, field: LinkField, label: string): string | undefined => {
    const problem =
      linkServer && linkRow === key
        ? linkServer
        : touched.has('links')
          ? ruled.links[key]
          : undefined;
    if (!problem || (problem.field ?? 'url') !== field) return undefined;
    return listMessage(t, label, problem.message);
  };
  /** A problem of the whole list (too many entries, or the server's that names no row). */
  const listError = (field: ListField, label: string): string | undefined => {
    const server = field === 'addresses' ? addressServer : linkServer;
    const named = field === 'addresses' ? addressRow : linkRow;
    if (server && named === undefined) return listMessage(t, label, server.message);
    const own = touched.has(field) ? ruled.general[field] : undefined;
    return own && listMessage(t, label, own);
  };

  const setAddress = (network: string, url: string) => {
    setValues((current) => ({ ...current, addresses: { ...current.addresses, [network]: url } }));
    onEdit('addresses');
  };
  const setLink = (key: string, field: LinkField, value: string) => {
    setValues((current) => ({
      ...current,
      links: current.links.map((row) => (row.key === key ? { ...row, [field]: value } : row)),
    }));
    onEdit('links');
  };
  const addLink = (): string => {
    const row = newLinkRow();
    setValues((current) => ({ ...current, links: [...current.links, row] }));
    return row.key;
  };
  const removeLink = (key: string) => {
    setValues((current) => ({ ...current, links: current.links.filter((row) => row.key !== key) }));
    onEdit('links');
  };

  const remember = (lists: Lists): Lists => {
    setSent({ addresses: lists.addresses ?? [], links: linksOf(values).rows });
    return lists;
  };

  return {
    values,
    /** The networks in order; null while loading or when they could not be loaded. */
    networks,
    networksError,
    /** The networks to show a row for: the list's, then those of addresses it lacks. */
    networkIds: networkIdsOf(values, order),
    invalid,
    addressError,
    linkError,
    listError,
    setAddress,
    setLink,
    addLink,
    removeLink,
    /** The typed links the card preview shows (none while any has a problem). */
    previewLinks: invalid ? [] : linksOf(values).links,
    /** A new app's lists: only those with entries. */
    createBody: () => remember(listsCreateBody(values, order)),
    /** An edit's lists: only those that changed. */
    patch: (base: AdminApp) => remember(listsPatch(base, values, order)),
    reset: (current: AdminApp) => setValues(listValuesOf(current)),
  };
}

export type AppLists = ReturnType<typeof useAppLists>;

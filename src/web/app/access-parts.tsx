/**
 * The access-request parts of the home page, in a chunk loaded once a signed-in user's page
 * shows a locked card or a time-boxed app (home-page.tsx): the home page's own bundle and
 * inlined stylesheet do not carry them. Each part links the access stylesheet; React keeps one.
 */
import accessStyles from '../features/access/access.css?url';
import {
  AccessUntil,
  LockedAccess,
  type LockedAccessProps,
} from '../features/access/components/locked-access.js';
import type { AccessStore } from '../features/access/stores/access-store.js';
import { useAccessRefresh, type AccessRefreshStores } from './use-access-refresh.js';

export type AccessPartProps =
  | { part: 'locked'; app: LockedAccessProps['app']; store: AccessStore }
  | { part: 'until'; appId: string; store: AccessStore }
  | { part: 'refresh'; stores: AccessRefreshStores };

/** Keeps the page current with the user's requests (use-access-refresh.ts); renders nothing. */
function AccessRefresh({ stores }: { stores: AccessRefreshStores }) {
  useAccessRefresh(stores);
  return null;
}

export default function AccessPart(props: AccessPartProps) {
  if (props.part === 'refresh') return <AccessRefresh stores={props.stores} />;
  return (
    <>
      <link rel="stylesheet" href={accessStyles} precedence="default" />
      {props.part === 'locked' ? (
        <LockedAccess app={props.app} store={props.store} />
      ) : (
        <AccessUntil appId={props.appId} store={props.store} />
      )}
    </>
  );
}

/**
 * The subscriptions' controls, in a chunk loaded once a signed-in user's subscriptions have
 * arrived (home-page.tsx): the bell of a card or of a favourite in the order editor, "Follow all
 * my favorites", and the bell's stylesheet (rendered once by the home page). The home page's own
 * bundle and inlined stylesheet carry only the store (scripts/check-budget.mjs).
 */
import followStyles from '../features/subscriptions/subscriptions.css?url';
import { FollowAllSwitch } from '../features/subscriptions/components/follow-all-switch.js';
import {
  FollowToggle,
  type FollowToggleProps,
} from '../features/subscriptions/components/follow-toggle.js';
import type { SubscriptionsStore } from '../features/subscriptions/stores/subscriptions-store.js';

export type SubscriptionPartProps =
  | ({ part: 'bell' } & FollowToggleProps)
  | { part: 'all'; store: SubscriptionsStore }
  | { part: 'styles' };

export default function SubscriptionPart(props: SubscriptionPartProps) {
  if (props.part === 'styles') {
    return <link rel="stylesheet" href={followStyles} precedence="default" />;
  }
  if (props.part === 'all') return <FollowAllSwitch store={props.store} />;
  const { part: _part, ...bell } = props;
  return <FollowToggle {...bell} />;
}

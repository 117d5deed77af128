import type {
  AccessRequest as WireAccessRequest,
  AccessRequestStatus,
  InboxRequest as WireInboxRequest,
  MembershipState,
} from '../../../../shared/api/access-schemas.js';

/**
 * The wire types with `status` and `membership` spelled out: the schemas build those unions
 * from arrays, which TypeBox's static types read as `never`.
 */
type WithStates<T> = Omit<T, 'status' | 'membership'> & {
  status: AccessRequestStatus;
  membership: MembershipState;
};
export type AccessRequest = WithStates<WireAccessRequest>;
export type InboxRequest = WithStates<WireInboxRequest>;
export interface InboxList {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: InboxRequest[];
}
export interface AccessDecisionResult {
  request: InboxRequest;
  /** Without a service account: the group to add the requester to by hand. */
  addByHand?: string;
}

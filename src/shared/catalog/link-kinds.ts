/**
 * The shapes of an app's addresses per network and typed links (app-links.ts checks them), apart
 * so that the field table (app-fields.ts) can name them without importing the rules.
 */

/** The address of an app on one network (an id of the networks admins define). */
export interface AppAddress {
  network: string;
  url: string;
}

export const LINK_KINDS = ['support', 'status', 'client', 'docs', 'repo', 'other'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** A typed link of an app; `support` may be a `mailto:` address. */
export interface AppLink {
  kind: LinkKind;
  url: string;
  label?: string;
}

export const LINK_LIMITS = { addresses: 20, links: 20, label: 100 } as const;

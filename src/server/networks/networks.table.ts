import type { Selectable } from 'kysely';

/** The networks admins define (docs/networks.md, migration 0017), one row each. */
export interface NetworksTable {
  id: string;
  /** The list's order: where ranges of the same length overlap, the first listed wins. */
  position: number;
  name: string;
  /** The canonical CIDR ranges as a JSON list (`["10.0.0.0/8"]`). */
  ranges: string;
  /** '' when none. */
  help: string;
  helpText: string;
}

export type NetworkRow = Selectable<NetworksTable>;

/** This feature's table in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    networks: NetworksTable;
  }
}

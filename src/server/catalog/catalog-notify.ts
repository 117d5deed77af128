import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database.js';
import type { CatalogChanges } from './catalog-changes.js';

/** The PostgreSQL channel on which instances announce catalog writes (docs/deploy.md). */
export const CATALOG_CHANNEL = 'portal_catalog';

export interface CatalogNotifier {
  /** Resolves once LISTEN is in place (or the first attempt failed; it keeps retrying). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Several instances on one PostgreSQL database: every catalog write made here (admin edit,
 * import, catalog file) is announced with NOTIFY, and a NOTIFY from another instance drops this
 * instance's in-memory catalog at once, so the next GET /api/apps serves the change (decision
 * 0016). Reads still never touch the database per request. If the listening connection is lost
 * it reconnects; meanwhile the snapshot's once-a-second fingerprint check still catches changes.
 */
export function startCatalogNotifier(
  db: Db,
  url: string,
  changes: CatalogChanges,
  options: { retryMs?: number; log?: (message: string) => void } = {},
): CatalogNotifier {
  const retryMs = options.retryMs ?? 1000;
  const instance = randomUUID();
  let applyingRemote = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const unsubscribe = changes.onChange(() => {
    if (applyingRemote || stopped) return;
    sql`select pg_notify(${CATALOG_CHANNEL}, ${instance})`.execute(db).catch(() => {
      // The others catch the change by its fingerprint within a second.
    });
  });

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CATALOG_CHANNEL || message.payload === instance) return;
    applyingRemote = true;
    try {
      changes.notify();
    } finally {
      applyingRemote = false;
    }
  };

  async function listen(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    const again = () => {
      if (client !== next || stopped) return;
      client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void listen(), retryMs);
    };
    client = next;
    next.on('notification', onNotification);
    next.on('error', again);
    next.on('end', again);
    try {
      await next.connect();
      await next.query(`listen ${CATALOG_CHANNEL}`);
      // Changes made while not listening: drop the snapshot once.
      onNotification({ channel: CATALOG_CHANNEL, payload: '', processId: 0 });
    } catch (error) {
      options.log?.(`catalog notifications: ${(error as Error).message}; retrying`);
      again();
    }
  }

  const ready = listen();
  return {
    ready,
    async stop() {
      stopped = true;
      unsubscribe();
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

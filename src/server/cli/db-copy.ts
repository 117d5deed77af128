import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import {
  connectDatabase,
  DatabaseError,
  describeTarget,
  isPostgres,
  parseDatabaseUrl,
  type Db,
} from '../db/database.js';
import { MigrationError, migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

export const USAGE = `Usage: npm run db:copy -- --from URL --to URL

Copies a portal's data (catalog with trash and logos, users, favorites, sessions and sign-ins
under way, audit log, settings, status history, portal notices) from one database into another, EMPTY one:
  npm run db:copy -- --from sqlite:data/portal.db --to postgres://portal@db:5432/portal
Both are brought to the latest schema first. A target holding any row is refused. Stop the
portal(s) using the source while copying. docs/deploy.md.`;

/**
 * Tables in an order that satisfies the foreign keys (parents first). Not copied: `monitorShared`
 * (the monitor leader rewrites it every interval), `rateLimits` (one-minute counters, not
 * data worth keeping) and `writeProbe` (readiness's one scratch row).
 */
export const COPIED_TABLES = [
  'apps',
  'appGroups',
  'logos',
  'kcUsers',
  'favorites',
  'sessions',
  'signOnStates',
  'audit',
  'settings',
  'statusChanges',
  'portalNotices',
] as const satisfies readonly (keyof Database)[];

type Table = (typeof COPIED_TABLES)[number];

/** Rows per insert: well under PostgreSQL's 65 535 parameters for the widest table. */
const BATCH = 500;

export class CopyRefusedError extends Error {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows are copied as they are
type AnyDb = Kysely<any>;

async function rowCount(db: AnyDb, table: Table): Promise<number> {
  const row = (await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()) as { count: number | string | bigint };
  return Number(row.count);
}

/** Stable order for paging through a table. */
const ORDER: Record<Table, string[]> = {
  apps: ['id'],
  appGroups: ['appId', 'groupName'],
  logos: ['appId'],
  kcUsers: ['id'],
  favorites: ['userId', 'appId'],
  sessions: ['id'],
  signOnStates: ['id'],
  audit: ['id'],
  settings: ['key'],
  statusChanges: ['appId', 'since'],
  portalNotices: ['id'],
};

/**
 * Copies every row of COPIED_TABLES from `from` into `to` in one transaction. Refuses (and
 * writes nothing) when `to` holds any row. Both must be migrated. Returns rows copied per table.
 */
export async function copyDatabase(from: Db, to: Db): Promise<Record<Table, number>> {
  const source = from as AnyDb;
  const target = to as AnyDb;
  for (const table of COPIED_TABLES) {
    const count = await rowCount(target, table);
    if (count > 0) {
      throw new CopyRefusedError(
        `The target database is not empty (${table} has ${count} row${count === 1 ? '' : 's'}): db:copy only fills an empty database.`,
      );
    }
  }
  const copied = {} as Record<Table, number>;
  await target.transaction().execute(async (trx) => {
    for (const table of COPIED_TABLES) {
      copied[table] = 0;
      for (let offset = 0; ; offset += BATCH) {
        let query = source.selectFrom(table).selectAll();
        for (const column of ORDER[table]) query = query.orderBy(column);
        const rows = (await query.limit(BATCH).offset(offset).execute()) as Record<
          string,
          unknown
        >[];
        if (rows.length === 0) break;
        await trx.insertInto(table).values(rows).execute();
        copied[table] += rows.length;
        if (rows.length < BATCH) break;
      }
    }
    // The audit ids were copied as they were: the next entry continues after the last one.
    if (isPostgres(target)) {
      await sql`select setval(pg_get_serial_sequence('audit', 'id'), coalesce(max(id), 0) + 1, false) from audit`.execute(
        trx,
      );
    }
  });
  return copied;
}

export interface CopyIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index >= 0) return args[index + 1];
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

/** The command line: exit status 0 when copied, 1 on refusal or error, 2 on bad usage. */
export async function runDbCopy(args: string[], io: CopyIo): Promise<number> {
  const from = option(args, '--from');
  const to = option(args, '--to');
  if (!from || !to || args.includes('--help')) {
    io.err(USAGE);
    return 2;
  }
  let source: Db | undefined;
  let target: Db | undefined;
  try {
    const sourceTarget = parseDatabaseUrl(from, '.', 2);
    const targetTarget = parseDatabaseUrl(to, '.', 2);
    if (describeTarget(sourceTarget) === describeTarget(targetTarget)) {
      throw new CopyRefusedError('--from and --to name the same database.');
    }
    source = await connectDatabase(sourceTarget);
    target = await connectDatabase(targetTarget);
    await migrateToLatest(source);
    await migrateToLatest(target);
    const copied = await copyDatabase(source, target);
    io.out(`Copied ${describeTarget(sourceTarget)} to ${describeTarget(targetTarget)}:`);
    for (const [table, count] of Object.entries(copied)) io.out(`  ${table.padEnd(14)} ${count}`);
    return 0;
  } catch (error) {
    if (
      error instanceof CopyRefusedError ||
      error instanceof DatabaseError ||
      error instanceof MigrationError
    ) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await source?.destroy();
    await target?.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runDbCopy(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('db:copy failed:', error);
      process.exit(1);
    },
  );
}

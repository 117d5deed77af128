import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import SQLite from 'better-sqlite3';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { describeTarget, lockDataDir, parseDatabaseUrl } from '../db/database.js';

/** The database's name inside DATA_DIR and inside a backup. */
const DATABASE = 'portal.db';
/** Files of DATA_DIR a backup never holds: the live database files and the lock. */
const SKIPPED = new Set([
  DATABASE,
  `${DATABASE}-wal`,
  `${DATABASE}-shm`,
  'portal.lock',
  'portal.lock-journal',
]);

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * Backup and restore are for the default SQLite database, `{DATA_DIR}/portal.db`. A PostgreSQL
 * database (or a SQLite file elsewhere) is refused with what to use instead: on PostgreSQL,
 * `pg_dump` / `pg_restore` (docs/deploy.md), which cover the logos too (they are in the database).
 */
export function assertSqliteInDataDir(databaseUrl: string | undefined, dataDir: string): void {
  const target = parseDatabaseUrl(databaseUrl, dataDir);
  if (target.kind === 'postgres') {
    throw new BackupError(
      `backup and restore are for the SQLite database only; DATABASE_URL names ${describeTarget(target)}. ` +
        'Use pg_dump and pg_restore on PostgreSQL (docs/deploy.md).',
    );
  }
  if (target.file !== join(resolve(dataDir), DATABASE)) {
    throw new BackupError(
      `backup and restore cover ${join(resolve(dataDir), DATABASE)} only; DATABASE_URL names ${describeTarget(target)}. ` +
        'Unset DATABASE_URL, or copy that file yourself with the server stopped.',
    );
  }
}

/** Every other file under DATA_DIR (logos in `storage/`, and any other stored files). */
function otherFiles(dataDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (dir === dataDir && SKIPPED.has(entry.name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  if (existsSync(dataDir)) walk(dataDir);
  return files;
}

function integrityCheck(file: string): void {
  const db = new SQLite(file, { readonly: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok')
      throw new BackupError(`the database copy fails integrity_check: ${result}`);
  } finally {
    db.close();
  }
}

/**
 * An online, consistent backup of DATA_DIR into one zip file: the database copied with
 * `VACUUM INTO` (one consistent snapshot, taken while the server keeps running and writing), checked
 * with `integrity_check`, plus every stored file (logos). Written 0600, atomically.
 */
export function backup(dataDirIn: string, file: string): { files: number; bytes: number } {
  const dataDir = resolve(dataDirIn);
  const database = join(dataDir, DATABASE);
  if (!existsSync(database)) throw new BackupError(`there is no database at ${database}`);
  const work = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  try {
    const copy = join(work, DATABASE);
    const source = new SQLite(database, { readonly: true });
    try {
      source.pragma('busy_timeout = 10000');
      source.prepare('VACUUM INTO ?').run(copy);
    } finally {
      source.close();
    }
    integrityCheck(copy);
    const entries: Zippable = { [DATABASE]: readFileSync(copy) };
    const others = otherFiles(dataDir);
    for (const path of others) {
      entries[relative(dataDir, path).split(sep).join('/')] = readFileSync(path);
    }
    const zip = zipSync(entries, { level: 6 });
    const target = resolve(file);
    mkdirSync(dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    writeFileSync(partial, zip, { mode: 0o600 });
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    return { files: others.length + 1, bytes: zip.byteLength };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into DATA_DIR, replacing its database and stored files. Refused while a
 * server uses DATA_DIR (it holds the lock): stop the server first. The backup is checked
 * (a database that passes integrity_check, safe paths) before anything is deleted.
 */
export function restore(dataDirIn: string, file: string): { files: number } {
  const dataDir = resolve(dataDirIn);
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new BackupError(`there is no backup file at ${resolve(file)}`);
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(readFileSync(file));
  } catch {
    throw new BackupError(`${resolve(file)} is not an app-portal backup (not a zip file)`);
  }
  if (!entries[DATABASE]) throw new BackupError(`${resolve(file)} holds no ${DATABASE}`);
  for (const name of Object.keys(entries)) {
    if (name === DATABASE) continue;
    const inside = resolve(dataDir, name).startsWith(dataDir + sep);
    if (!inside || SKIPPED.has(name.split('/')[0] ?? '') || name.includes('\\')) {
      throw new BackupError(`the backup holds an unsafe path: ${name}`);
    }
  }
  const work = mkdtempSync(join(tmpdir(), 'portal-restore-'));
  try {
    writeFileSync(join(work, DATABASE), entries[DATABASE]);
    integrityCheck(join(work, DATABASE));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const lock = lockDataDir(dataDir);
  try {
    for (const entry of readdirSync(dataDir)) {
      if (!entry.startsWith('portal.lock'))
        rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
    for (const [name, data] of Object.entries(entries)) {
      if (name.endsWith('/')) continue;
      const target = resolve(dataDir, name);
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, data, { mode: 0o600 });
    }
  } finally {
    lock.release();
  }
  return { files: Object.keys(entries).length };
}

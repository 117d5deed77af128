import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { DataDirInUseError } from '../db/database.js';
import { assertSqliteInDataDir, backup, BackupError, restore } from './backup.js';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (scripts/backup.mjs, restore.mjs): for the
 * SQLite database under DATA_DIR only; on PostgreSQL use pg_dump (docs/deploy.md).
 */
function main(): void {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('Usage: npm run backup -- FILE   |   npm run restore -- FILE');
    process.exit(2);
  }
  try {
    const config = loadConfig(process.env);
    const dataDir = resolve(config.dataDir);
    assertSqliteInDataDir(config.database.url, dataDir);
    if (command === 'backup') {
      const result = backup(dataDir, file);
      console.log(
        `Backed up ${dataDir} (database and ${result.files - 1} stored file(s)) to ${resolve(file)} (${result.bytes} bytes).`,
      );
    } else {
      const result = restore(dataDir, file);
      console.log(`Restored ${resolve(file)} into ${dataDir} (${result.files} file(s)).`);
    }
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`${error.message}\nStop the server before restoring.`);
    } else if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(`${command} failed: ${error.message}`);
    } else {
      console.error(`${command} failed:`, error);
    }
    process.exit(1);
  }
}

main();

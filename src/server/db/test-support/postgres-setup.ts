import { afterAll } from 'vitest';
import { fileDatabaseCreated } from './test-database.js';

// Setup file of the `node-postgres` vitest project: the PostgreSQL database a test file created
// (test-database.ts) is dropped when the file is done.
afterAll(async () => {
  const database = fileDatabaseCreated();
  if (database) await (await database).drop();
});

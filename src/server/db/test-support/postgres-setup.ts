import { afterAll } from 'vitest';
import { takeFileDatabase } from './test-database.js';

// Setup file of the `node-postgres` vitest project: the PostgreSQL database a test file created
// (test-database.ts) is dropped when the file is done.
afterAll(async () => {
  const database = takeFileDatabase();
  if (database) await (await database).drop();
});

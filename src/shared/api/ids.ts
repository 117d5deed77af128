import { Type } from 'typebox';
import { APP_ID_PATTERN } from '../catalog/app-rules.js';
import { NOTICE_ID_PATTERN } from '../notices/notice-id.js';

// The ids a client sends, each with its pattern: every route checks them before a query runs, so
// a NUL or any other stray character is a 400 and never reaches a database (PostgreSQL refuses
// NUL in text with an error). src/server/http/id-patterns.test.ts walks the OpenAPI document and
// fails on an id-like field without a pattern.

/** A record id the server makes (src/server/lib/ids.ts): access requests, deliveries. */
export const RECORD_ID_PATTERN = '^[a-z0-9]{15}$';

export { NOTICE_ID_PATTERN };

export const AppIdSchema = Type.String({ pattern: APP_ID_PATTERN, description: 'An app id.' });

export const RecordIdSchema = (description: string) =>
  Type.String({ pattern: RECORD_ID_PATTERN, description });

export const NoticeIdSchema = Type.String({
  pattern: NOTICE_ID_PATTERN,
  description: 'A notice id.',
});

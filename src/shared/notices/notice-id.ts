/** A notice's id: a UUID (server/notices), or another short token of a catalog's. No TypeBox here: the page's bundle reads it. */
export const NOTICE_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

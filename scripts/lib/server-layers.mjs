// The server's layers, lowest first (docs/architecture.md, "Layers"). A folder of src/server
// imports only folders of lower layers, never one of its own layer nor a higher one; ESLint
// (eslint.config.js) and `node scripts/check-imports.mjs` (part of `npm run lint`) enforce it.
export const SERVER_LAYERS = [
  ['lib'],
  ['config'],
  ['db'],
  ['http'],
  // Languages: the translators, the visitor's language, texts stored per language.
  ['i18n'],
  // Audited writes: the audit log and the unit of work every audited change runs in.
  ['system', 'outbox', 'audit'],
  // Who is calling; the identity provider's groups; the networks admins define and the visitor's.
  ['auth', 'directory', 'networks'],
  ['catalog'],
  // Logos and icons; the admin API's guard, actor, request helpers and error answers.
  ['files', 'admin-http'],
  ['users', 'monitor', 'branding'],
  ['spa', 'dev-idp'],
  ['admin'],
  // Access requests (docs/access-requests.md) and notices (docs/admin.md, "Notices"): above the
  // catalog's administration, each in one folder; problem reports to an app's support contact
  // (docs/networks.md).
  ['access', 'notices', 'reports'],
  // What a person follows and their settings page and calendar; the groups' webhook channels
  // (docs/notifications.md).
  ['subscriptions', 'group-channels'],
  // The notifier: confirmed status changes and notices, batched into messages through the outbox.
  ['notifier'],
  // Entry points of their own (npm run catalog, backup, db:copy): composition roots like main.ts.
  ['backup', 'cli'],
];

/**
 * The imports allowed to run up a layer, each `{ from, reason }` (type imports only). None today:
 * even Kysely's Database type is filled by the features (declaration merging, db/schema.ts).
 */
export const UPWARD_EXCEPTIONS = [];

/** Files at the root of src/server: the composition roots, above every layer. */
export const COMPOSITION_ROOTS = [
  'app.ts',
  'main.ts',
  'repositories.ts',
  'services.ts',
  'notification-services.ts',
];

/** Folders of src/server outside the table: helpers of the tests only, free to import anything. */
export const SERVER_TEST_FOLDERS = ['test-support'];

/**
 * The web app's layers, lowest first (docs/web.md, "Where code lives"). A folder imports only
 * lower layers; `features/*` import no other feature. The entry files at the root of src/web
 * (`main.tsx`, `start.ts`, `entry-server.tsx`) are above every layer. `sw/` is the service worker:
 * a program of its own that imports none of the app's folders.
 */
export const WEB_LAYERS = [['lib'], ['ui'], ['features'], ['app'], ['boot']];
export const WEB_ISOLATED = ['sw'];
export const WEB_TEST_FOLDERS = ['test-support'];

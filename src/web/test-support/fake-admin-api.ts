import { http, HttpResponse, type JsonBodyType } from 'msw';
import { DEFAULT_PER_PAGE, pageOf } from '../../shared/api/paging.js';
import type {
  AdminApp,
  AuditAction,
  AuditEntry,
  ImportResult,
} from '../../shared/api/admin-schemas.js';
import type { App } from '../../shared/api/schemas.js';
import { checkAppFields } from '../../shared/catalog/app-rules.js';
import type { Icon } from '../../shared/api/icon-schemas.js';
import type { PortalNotice } from '../../shared/api/notice-schemas.js';
import { checkNoticeFields } from '../../shared/notices/notice-rules.js';
import { textIn } from '../../shared/i18n/localized-text.js';
import { FAKE_ICONS, fakeIconSvg, makeAdminApp, NOW } from './admin-fixtures.js';

/**
 * A stateful fake of the admin API (docs/admin.md) for component tests: msw handlers over an
 * in-memory catalog, trash and audit log, following the wire contract in admin-schemas.ts
 * (versions and 409s, 400 with `data.fields`, restore, paged audit, preview, import diff).
 */
export interface FakeAdminApi {
  handlers: ReturnType<typeof http.get>[];
  apps: Map<string, AdminApp>;
  trash: Map<string, AdminApp>;
  audit: AuditEntry[];
  /** Group names seen on users (the catalog's come from the apps). */
  userGroups: string[];
  /** The raw bodies of the import requests, newest last. */
  imports: { yaml: string; dryRun: boolean; prune: boolean }[];
  /** What the next import answers (its diff). */
  importResult: Omit<ImportResult, 'dryRun' | 'applied'>;
  /** Portal notices (/api/admin/notices), by id. */
  notices: Map<string, PortalNotice>;
  /** The icon set of GET /api/admin/icons (a few, searched by title and slug). */
  icons: Icon[];
  /** The logos uploaded, newest last: the app, the content type and the body as text. */
  logoUploads: { appId: string; type: string; text: string }[];
  /** Someone else changes the app (its version grows), as another admin would. */
  changeBehindTheBack(appId: string, changes: Partial<AdminApp>, by: string): void;
}

let clock = Date.parse(NOW);
const tick = () => new Date((clock += 60_000)).toISOString();

const error = (status: number, message: string, data: Record<string, unknown> = {}) =>
  HttpResponse.json({ status, message, data }, { status });

const publicApp = (app: AdminApp): App => {
  const {
    version: _v,
    createdAt: _c,
    updatedAt: _u,
    updatedBy: _b,
    managedBy: _m,
    status: _s,
    deletedAt: _d,
    deletedBy: _db,
    purgeAt: _p,
    ...rest
  } = app;
  return {
    ...rest,
    name: textIn(rest.name, 'en', 'en'),
    description: textIn(rest.description, 'en', 'en'),
  };
};

/** One page of `all`, as the list routes answer it (README, "Lists"). */
function paged<T>(request: Request, all: T[]) {
  const query = new URL(request.url).searchParams;
  const page = Number(query.get('page') ?? 1);
  const perPage = Number(query.get('perPage') ?? DEFAULT_PER_PAGE);
  return pageOf(all, page, perPage) as unknown as JsonBodyType;
}

export function createFakeAdminApi(initial: AdminApp[] = []): FakeAdminApi {
  const apps = new Map(initial.map((app) => [app.id, app]));
  const trash = new Map<string, AdminApp>();
  const audit: AuditEntry[] = [];
  const actor = { subject: 'sub-admin', username: 'admin' };
  let nextAuditId = 1;
  const record = (
    action: AuditAction,
    appId: string | null,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    by = actor,
  ) => {
    // The schema's Static type of `action` is `never` (a mapped union); the values are right.
    const entry = { id: nextAuditId++, at: tick(), actor: by, action, appId, before, after };
    audit.unshift(entry as unknown as AuditEntry);
  };
  const fields = (app: AdminApp) => {
    const {
      version: _v,
      createdAt: _c,
      updatedAt: _u,
      updatedBy: _b,
      ...rest
    } = publicApp(app) as AdminApp;
    return rest as Record<string, unknown>;
  };
  const versionOf = (request: Request, url: URL) =>
    Number(request.headers.get('if-match') ?? url.searchParams.get('version') ?? NaN);
  const conflict = (app: AdminApp) =>
    error(409, `${app.name} was changed by ${app.updatedBy} at ${app.updatedAt}; reload it.`, {
      currentVersion: app.version,
      updatedBy: app.updatedBy,
      updatedAt: app.updatedAt,
    });

  const notices = new Map<string, PortalNotice>();
  let nextNoticeId = 1;
  const noticeFields = (notice: PortalNotice) => {
    const { id, title, text, severity, startsAt, endsAt, appIds, audience } = notice;
    const { requireAck, mailAudience } = notice;
    return {
      id,
      title,
      text,
      severity,
      startsAt,
      endsAt,
      appIds,
      audience,
      requireAck,
      mailAudience,
    };
  };
  const fake: FakeAdminApi = {
    apps,
    trash,
    notices,
    audit,
    userGroups: ['genomics', 'staff'],
    imports: [],
    importResult: { add: [], change: [], delete: [], unchanged: 0 },
    icons: [...FAKE_ICONS],
    logoUploads: [],
    changeBehindTheBack(appId, changes, by) {
      const app = apps.get(appId);
      if (!app) throw new Error(`no app ${appId}`);
      apps.set(appId, {
        ...app,
        ...changes,
        version: app.version + 1,
        updatedAt: tick(),
        updatedBy: by,
      });
    },
    handlers: [
      http.get('/api/admin/apps', ({ request }) => {
        const deleted = new URL(request.url).searchParams.get('deleted') === 'true';
        return HttpResponse.json(paged(request, [...(deleted ? trash : apps).values()]));
      }),
      http.get('/api/admin/apps/:id', ({ params }) => {
        const app = apps.get(String(params.id)) ?? trash.get(String(params.id));
        return app ? HttpResponse.json(app as unknown as JsonBodyType) : error(404, 'No such app.');
      }),
      http.post('/api/admin/apps', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const checked = checkAppFields(body);
        if (Object.keys(checked.errors).length > 0) {
          return error(400, 'Some fields are not valid.', { fields: checked.errors });
        }
        const id = checked.fields.id ?? '';
        if (apps.has(id) || trash.has(id)) {
          return error(409, `An app with the id "${id}" exists already.`, {});
        }
        const at = tick();
        const app = makeAdminApp({
          ...(checked.fields as Partial<AdminApp>),
          id,
          created: at,
          updated: at,
          createdAt: at,
          updatedAt: at,
          updatedBy: 'admin',
        });
        apps.set(id, app);
        record('create', id, null, fields(app));
        return HttpResponse.json(app as unknown as JsonBodyType, { status: 201 });
      }),
      http.patch('/api/admin/apps/:id', async ({ request, params }) => {
        const app = apps.get(String(params.id));
        if (!app) return error(404, 'No such app.');
        if (versionOf(request, new URL(request.url)) !== app.version) return conflict(app);
        const body = (await request.json()) as Record<string, unknown>;
        const checked = checkAppFields(body, { partial: true });
        if (Object.keys(checked.errors).length > 0) {
          return error(400, 'Some fields are not valid.', { fields: checked.errors });
        }
        const at = tick();
        const next = {
          ...app,
          ...(checked.fields as Partial<AdminApp>),
          version: app.version + 1,
          updated: at,
          updatedAt: at,
          updatedBy: 'admin',
        };
        apps.set(app.id, next);
        record('update', app.id, fields(app), fields(next));
        return HttpResponse.json(next as unknown as JsonBodyType);
      }),
      http.delete('/api/admin/apps/:id', ({ request, params }) => {
        const app = apps.get(String(params.id));
        if (!app) return error(404, 'No such app.');
        if (versionOf(request, new URL(request.url)) !== app.version) return conflict(app);
        apps.delete(app.id);
        const at = tick();
        const trashed = {
          ...app,
          version: app.version + 1,
          deletedAt: at,
          deletedBy: 'admin',
          purgeAt: '2026-12-23T12:00:00.000Z',
        };
        trash.set(app.id, trashed);
        record('delete', app.id, fields(app), null);
        return HttpResponse.json(trashed as unknown as JsonBodyType);
      }),
      http.post('/api/admin/apps/:id/restore', ({ params }) => {
        const app = trash.get(String(params.id));
        if (!app) return error(404, 'No such app in the trash.');
        trash.delete(app.id);
        const { deletedAt: _d, deletedBy: _b, purgeAt: _p, ...rest } = app;
        const restored = { ...rest, version: app.version + 1, updatedAt: tick() };
        apps.set(app.id, restored);
        record('restore', app.id, null, fields(restored));
        return HttpResponse.json(restored as unknown as JsonBodyType);
      }),
      http.put('/api/admin/apps/:id/logo', async ({ request, params }) => {
        const app = apps.get(String(params.id));
        if (!app) return error(404, 'No such app.');
        const type = request.headers.get('content-type') ?? '';
        if (!type.startsWith('image/')) {
          return error(415, 'The logo must be a PNG, JPEG, GIF, WebP, AVIF, ICO or SVG image.');
        }
        fake.logoUploads.push({ appId: app.id, type, text: await request.text() });
        const image = `logo.${type.split('/')[1]?.split('+')[0] ?? 'png'}`;
        const next = {
          ...app,
          image,
          imageUrl: `/api/admin/apps/${app.id}/logo?v=${app.version + 1}`,
          version: app.version + 1,
        };
        apps.set(app.id, next);
        record('logo', app.id, { image: app.image }, { image });
        return HttpResponse.json(next as unknown as JsonBodyType);
      }),
      http.delete('/api/admin/apps/:id/logo', ({ params }) => {
        const app = apps.get(String(params.id));
        if (!app) return error(404, 'No such app.');
        const { imageUrl: _i, ...rest } = app;
        const next = { ...rest, image: '', version: app.version + 1 };
        apps.set(app.id, next);
        record('logo', app.id, { image: app.image }, { image: '' });
        return HttpResponse.json(next as unknown as JsonBodyType);
      }),
      http.get('/api/admin/notices', ({ request }) =>
        HttpResponse.json(
          paged(
            request,
            [...notices.values()].sort((a, b) => b.startsAt.localeCompare(a.startsAt)),
          ),
        ),
      ),
      http.post('/api/admin/notices', async ({ request }) => {
        const checked = checkNoticeFields((await request.json()) as Record<string, unknown>);
        if (Object.keys(checked.errors).length > 0) {
          return error(400, 'Some fields are invalid.', { fields: checked.errors });
        }
        const at = tick();
        const notice: PortalNotice = {
          id: `n${nextNoticeId++}`,
          ...checked.fields,
          version: 1,
          created: at,
          createdBy: actor,
          updated: at,
          updatedBy: actor,
        };
        notices.set(notice.id, notice);
        record('notice', null, null, noticeFields(notice));
        return HttpResponse.json(notice as unknown as JsonBodyType, { status: 201 });
      }),
      http.patch('/api/admin/notices/:id', async ({ request, params }) => {
        const notice = notices.get(String(params.id));
        if (!notice) return error(404, 'There is no such notice.');
        const body = (await request.json()) as Record<string, unknown>;
        const checked = checkNoticeFields(body, noticeFields(notice));
        if (Object.keys(checked.errors).length > 0) {
          return error(400, 'Some fields are invalid.', { fields: checked.errors });
        }
        const next = { ...notice, ...checked.fields, version: notice.version + 1, updated: tick() };
        notices.set(notice.id, next);
        record('notice', null, noticeFields(notice), noticeFields(next));
        return HttpResponse.json(next as unknown as JsonBodyType);
      }),
      http.delete('/api/admin/notices/:id', ({ params }) => {
        const notice = notices.get(String(params.id));
        if (!notice) return error(404, 'There is no such notice.');
        notices.delete(notice.id);
        record('notice', null, noticeFields(notice), null);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/admin/audit', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const limit = Number(query.get('perPage') ?? query.get('limit') ?? 30);
        const before = query.has('before') ? Number(query.get('before')) : Infinity;
        const matching = audit.filter(
          (entry) =>
            entry.id < before &&
            (!query.get('app') || entry.appId === query.get('app')) &&
            (!query.get('actor') ||
              entry.actor.username === query.get('actor') ||
              entry.actor.subject === query.get('actor')),
        );
        const items = matching.slice(0, limit);
        const more = matching.length > limit;
        return HttpResponse.json({
          page: 1,
          perPage: limit,
          totalItems: matching.length,
          totalPages: Math.ceil(matching.length / limit),
          items,
          ...(more ? { nextBefore: items[items.length - 1]?.id } : {}),
        });
      }),
      http.get('/api/admin/groups', ({ request }) => {
        const names = new Set([
          ...fake.userGroups,
          ...[...apps.values()].flatMap((app) => app.associatedGroups),
        ]);
        return HttpResponse.json(
          paged(
            request,
            [...names].sort().map((name) => ({
              name,
              apps: [...apps.values()].filter((app) => app.associatedGroups.includes(name)).length,
              users: fake.userGroups.includes(name) ? 1 : 0,
            })),
          ),
        );
      }),
      http.get('/api/admin/preview', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const groups =
          query.get('anonymous') === 'true' ? [] : (query.get('groups') ?? '').split(',');
        const items = [...apps.values()]
          .filter((app) => app.isPublic || app.associatedGroups.some((g) => groups.includes(g)))
          .map(publicApp);
        return HttpResponse.json(paged(request, items));
      }),
      http.get('/api/admin/icons', ({ request }) => {
        const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase();
        const found = fake.icons.filter(
          (icon) => icon.title.toLowerCase().includes(q) || icon.slug.includes(q),
        );
        return HttpResponse.json(paged(request, found) as unknown as JsonBodyType);
      }),
      http.get('/api/admin/icons/:file', ({ params }) => {
        const icon = fake.icons.find((one) => `${one.slug}.svg` === params.file);
        if (!icon) return error(404, 'No icon has this name.');
        return new HttpResponse(fakeIconSvg(icon), {
          headers: { 'content-type': 'image/svg+xml; charset=utf-8' },
        });
      }),
      http.post('/api/admin/catalog/import', async ({ request }) => {
        const query = new URL(request.url).searchParams;
        const dryRun = query.get('dryRun') !== 'false';
        const prune = query.get('prune') === 'true';
        fake.imports.push({ yaml: await request.text(), dryRun, prune });
        if (!dryRun) record('import', null, null, { added: fake.importResult.add.length });
        return HttpResponse.json({ ...fake.importResult, dryRun, applied: !dryRun });
      }),
    ] as ReturnType<typeof http.get>[],
  };
  return fake;
}

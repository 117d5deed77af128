import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AdminAppCreateSchema,
  AdminAppListQuerySchema,
  AdminAppListSchema,
  AdminAppParamsSchema,
  AdminAppPatchSchema,
  AdminAppSchema,
  AdminGroupsSchema,
  AdminVersionQuerySchema,
  AuditListSchema,
  AuditQuerySchema,
  ImportQuerySchema,
  ImportResultSchema,
  PreviewQuerySchema,
} from '../../shared/api/admin-schemas.js';
import { AppListSchema, ErrorSchema, type AppList } from '../../shared/api/schemas.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import type { AppsService } from '../catalog/apps.service.js';
import type { Db } from '../db/database.js';
import { BadRequestError, NotFoundError } from '../http/errors.js';
import { requireAdmin } from './admin-guard.js';
import { createAdminRepository } from './admin.repository.js';
import { createAdminService, invalidFields } from './admin.service.js';
import { actorOf, withStatus } from './app-snapshot.js';
import {
  exportCatalog,
  importCatalog,
  MAX_IMPORT_BYTES,
  readCatalogUpload,
  zipExport,
} from './catalog-transfer.js';
import { CatalogError } from '../catalog/catalog-file.js';
import { MAX_LOGO_BYTES } from './logo-files.js';
import { createPortalNoticesRepository } from './notices/portal-notices.repository.js';
import { portalNoticesRoutes } from './notices/portal-notices.routes.js';
import { createPortalNoticesService } from './notices/portal-notices.service.js';

const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  428: ErrorSchema,
};

/** `If-Match: 3`, `"3"` or `W/"3"`; else the `version` of the body or query. */
function expectedVersion(request: FastifyRequest, fallback: unknown): number | undefined {
  const header = request.headers['if-match'];
  if (header !== undefined) {
    const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(String(header));
    if (!match?.[1]) throw new BadRequestError('If-Match must be the app version, e.g. "3".');
    return Number(match[1]);
  }
  if (fallback === undefined) return undefined;
  if (typeof fallback !== 'number' || !Number.isInteger(fallback) || fallback < 1) {
    throw invalidFields({ version: 'must be a whole number from 1' });
  }
  return fallback;
}

/** The JSON body as an object (the service names each bad field; unknown ones too). */
function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestError('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

export interface AdminRoutesOptions {
  db: Db;
  apps: AppsRepository;
  appsService: AppsService;
  adminRole: string;
  clock: () => string;
  /** The monitor's current status of an app link, shown in the admin list when known. */
  statusOf?: (link: string) => number | undefined;
}

/**
 * /api/admin/*: the catalog as admins run it (docs/admin.md). Every route requires the admin
 * role, checked before the body is even read.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, options) => {
  const repository = createAdminRepository(options.db);
  const admin = createAdminService({ admin: repository, apps: options.apps, clock: options.clock });
  const tags = ['admin'];

  app.addHook('onRequest', async (request) => {
    requireAdmin(request, options.adminRole);
  });
  await app.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 5 } });
  for (const type of ['application/zip', 'application/x-zip-compressed']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
      (_request, body, done) => done(null, body),
    );
  }
  for (const type of ['text/yaml', 'application/yaml', 'application/x-yaml', 'text/plain']) {
    app.addContentTypeParser(
      type,
      // Bytes, not text: a logo sent as text/plain must arrive intact to be recognised.
      { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
      (_request, body, done) => done(null, body),
    );
  }
  // JSON as everywhere, except that an empty body (a POST .../restore sent with a JSON content
  // type) is no body rather than an error. Prototype keys are refused, as Fastify's parser does.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(
        null,
        JSON.parse(text, (key, value: unknown) => {
          if (key === '__proto__' || key === 'constructor') {
            throw new SyntaxError(`"${key}" is not allowed`);
          }
          return value;
        }),
      );
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });
  // Any other type arrives as bytes: a logo's type is decided from them, not from the header.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
  for (const type of ['application/octet-stream', /^image\//]) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: MAX_LOGO_BYTES + 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
  }

  // Portal notices (docs/admin.md), under this scope's guard and body parsers.
  await app.register(portalNoticesRoutes, {
    adminRole: options.adminRole,
    notices: createPortalNoticesService({
      notices: createPortalNoticesRepository(options.db),
      admin: repository,
      clock: options.clock,
    }),
  });

  app.get(
    '/api/admin/apps',
    {
      schema: {
        tags,
        summary: 'Every app, hidden ones included, with versions; ?deleted=true lists the trash.',
        querystring: AdminAppListQuerySchema,
        response: { 200: AdminAppListSchema, ...errors },
      },
    },
    async (request) => {
      const items = await admin.list(request.query.deleted);
      return { items: options.statusOf ? withStatus(items, options.statusOf) : items };
    },
  );

  app.get(
    '/api/admin/apps/:appId',
    {
      schema: {
        tags,
        summary: 'One app (also from the trash).',
        params: AdminAppParamsSchema,
        response: { 200: AdminAppSchema, ...errors },
      },
    },
    async (request) => admin.get(request.params.appId),
  );

  app.post(
    '/api/admin/apps',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Creates an app; 400 names each bad field in data.fields.',
        body: AdminAppCreateSchema,
        response: { 201: AdminAppSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await admin.create(
        actorOf(requireAdmin(request, options.adminRole)),
        bodyObject(request.body),
      );
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/admin/apps/:appId',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Changes an app; needs If-Match: <version> (or "version"); 409 when stale.',
        params: AdminAppParamsSchema,
        body: AdminAppPatchSchema,
        response: { 200: AdminAppSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(requireAdmin(request, options.adminRole));
      const invalid = request.validationError as FastifyError | undefined;
      if (invalid?.validationContext === 'params') {
        throw new NotFoundError();
      }
      const { version, ...fields } = bodyObject(request.body);
      return admin.update(actor, request.params.appId, fields, expectedVersion(request, version));
    },
  );

  app.delete(
    '/api/admin/apps/:appId',
    {
      schema: {
        tags,
        summary: 'Moves an app to the trash (30 days); needs If-Match: <version> or ?version=.',
        params: AdminAppParamsSchema,
        querystring: AdminVersionQuerySchema,
        response: { 200: AdminAppSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(requireAdmin(request, options.adminRole));
      const { appId } = request.params;
      await admin.remove(actor, appId, expectedVersion(request, request.query.version));
      return admin.get(appId);
    },
  );

  app.post(
    '/api/admin/apps/:appId/restore',
    {
      schema: {
        tags,
        summary: 'Brings an app back from the trash, with its logo and favorites.',
        params: AdminAppParamsSchema,
        response: { 200: AdminAppSchema, ...errors },
      },
    },
    async (request) =>
      admin.restore(actorOf(requireAdmin(request, options.adminRole)), request.params.appId),
  );

  app.put(
    '/api/admin/apps/:appId/logo',
    {
      bodyLimit: MAX_LOGO_BYTES + 64 * 1024,
      schema: {
        tags,
        summary:
          'Sets the logo: the raw image (PNG, JPEG, GIF, WebP, AVIF, ICO, SVG; at most 2 MiB) or multipart with one file.',
        params: AdminAppParamsSchema,
        querystring: AdminVersionQuerySchema,
        response: { 200: AdminAppSchema, ...errors, 413: ErrorSchema, 415: ErrorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(requireAdmin(request, options.adminRole));
      let bytes: Buffer;
      if (request.isMultipart()) {
        const file = await request.file();
        if (!file) throw new BadRequestError('The multipart body has no file.');
        bytes = await file.toBuffer();
      } else if (Buffer.isBuffer(request.body)) {
        bytes = request.body;
      } else if (typeof request.body === 'string') {
        bytes = Buffer.from(request.body, 'utf8');
      } else {
        throw new BadRequestError('Send the image as the request body, or as multipart.');
      }
      return admin.putLogo(
        actor,
        request.params.appId,
        bytes,
        expectedVersion(request, request.query.version),
      );
    },
  );

  app.delete(
    '/api/admin/apps/:appId/logo',
    {
      schema: {
        tags,
        summary: 'Removes the logo.',
        params: AdminAppParamsSchema,
        querystring: AdminVersionQuerySchema,
        response: { 200: AdminAppSchema, ...errors },
      },
    },
    async (request) =>
      admin.deleteLogo(
        actorOf(requireAdmin(request, options.adminRole)),
        request.params.appId,
        expectedVersion(request, request.query.version),
      ),
  );

  app.get(
    '/api/admin/apps/:appId/logo',
    {
      schema: {
        tags,
        summary: "Any app's logo, trashed ones too (the console's imageUrl).",
        params: AdminAppParamsSchema,
        response: { 200: Type.Unknown({ description: 'The image.' }), ...errors },
      },
    },
    async (request, reply) => {
      const logo = await admin.logo(request.params.appId);
      if (!logo) throw new NotFoundError();
      return reply
        .header('content-type', logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(logo.bytes);
    },
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first; filter by app and actor, page with before.',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, ...errors },
      },
    },
    async (request) => admin.audit(request.query),
  );

  app.get(
    '/api/admin/preview',
    {
      schema: {
        tags,
        summary: 'Exactly the GET /api/apps answer of a viewer with these groups (or anonymous).',
        querystring: PreviewQuerySchema,
        response: { 200: AppListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { groups, anonymous, page, perPage } = request.query;
      const names = (groups ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const viewer = anonymous ? null : { groups: names };
      const serialise = reply.getSerializationFunction('200');
      if (!serialise) throw new Error('GET /api/admin/preview has no 200 response schema');
      const json = await options.appsService.listVisibleAppsJson(
        viewer,
        { page, perPage },
        (list: AppList) => serialise(list),
      );
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/api/admin/groups',
    {
      schema: {
        tags,
        summary: 'Group names seen in the catalog and on users, for the group picker.',
        response: { 200: AdminGroupsSchema, ...errors },
      },
    },
    async () => admin.groups(),
  );

  app.get(
    '/api/admin/catalog/export',
    {
      schema: {
        tags,
        summary:
          'The whole catalog as a catalog file (YAML); ?logos=true: a .zip with catalog.yaml and logos/.',
        querystring: Type.Object(
          { logos: Type.Boolean({ default: false }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Unknown({ description: 'YAML or .zip' }), ...errors },
      },
    },
    async (request, reply) => {
      const { yaml, files } = await exportCatalog(repository, { logos: request.query.logos });
      const day = new Date().toISOString().slice(0, 10);
      if (!request.query.logos) {
        return reply
          .type('application/yaml; charset=utf-8')
          .header('content-disposition', `attachment; filename="catalog-${day}.yaml"`)
          .send(yaml);
      }
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="catalog-${day}.zip"`)
        .send(Buffer.from(zipExport(yaml, files)));
    },
  );

  app.post(
    '/api/admin/catalog/import',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags,
        summary:
          'Compares a catalog file (YAML/JSON text, a .zip from the export, or multipart) with the catalog; dryRun=false applies it in one transaction.',
        querystring: ImportQuerySchema,
        response: { 200: ImportResultSchema, ...errors, 413: ErrorSchema, 415: ErrorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(requireAdmin(request, options.adminRole));
      let upload: string | Uint8Array;
      if (request.isMultipart()) {
        const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES } });
        if (!file) throw new BadRequestError('The multipart body has no file.');
        upload = await file.toBuffer();
      } else if (typeof request.body === 'string' || Buffer.isBuffer(request.body)) {
        upload = request.body;
      } else if (typeof request.body === 'object' && request.body !== null) {
        upload = JSON.stringify(request.body);
      } else {
        throw new BadRequestError('Send the catalog file as the request body.');
      }
      let input;
      try {
        input = await readCatalogUpload(upload, 'The catalog file');
      } catch (error) {
        if (error instanceof CatalogError) {
          throw new BadRequestError(error.message, { problems: error.problems });
        }
        throw error;
      }
      return importCatalog({ admin: repository, apps: options.apps, clock: options.clock }, input, {
        dryRun: request.query.dryRun,
        prune: request.query.prune,
        actor,
        managedBy: 'portal',
      });
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { Type } from 'typebox';
import {
  AdminAppCreateSchema,
  AdminAppListQuerySchema,
  AdminAppListSchema,
  AdminAppParamsSchema,
  AdminAppPatchSchema,
  AdminAppSchema,
  AdminVersionQuerySchema,
} from '../../shared/api/admin-schemas.js';
import { pageOf } from '../../shared/api/list-schemas.js';
import { ErrorSchema } from '../../shared/api/schemas.js';
import { BadRequestError, NotFoundError } from '../http/errors.js';
import { MAX_LOGO_BYTES } from '../files/logo-files.js';
import { ADMIN_ERRORS } from '../admin-http/admin-errors.js';
import { readMultipartFile } from '../admin-http/admin-multipart.js';
import { adminActor, bodyObject, expectedVersion } from '../admin-http/admin-request.js';
import type { AdminService } from './admin.service.js';
import { withStatus } from './app-snapshot.js';

const tags = ['admin'];

/** /api/admin/apps: the catalog's apps with versions, the trash, and logos (docs/admin.md). */
export const adminAppsRoutes: FastifyPluginAsyncTypebox<{
  admin: AdminService;
  /** The monitor's current status of an app link, shown in the admin list when known. */
  statusOf?: (link: string) => number | undefined;
}> = async (app, { admin, statusOf }) => {
  app.get(
    '/api/admin/apps',
    {
      schema: {
        operationId: 'listAdminApps',
        tags,
        summary: 'Every app, hidden ones included, with versions; ?deleted=true lists the trash.',
        querystring: AdminAppListQuerySchema,
        response: { 200: AdminAppListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      const { deleted, page, perPage } = request.query;
      const list = pageOf(await admin.list(deleted), page, perPage);
      return statusOf ? { ...list, items: withStatus(list.items, statusOf) } : list;
    },
  );

  app.get(
    '/api/admin/apps/:appId',
    {
      schema: {
        operationId: 'getAdminApp',
        tags,
        summary: 'One app (also from the trash).',
        params: AdminAppParamsSchema,
        response: { 200: AdminAppSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => admin.get(request.params.appId),
  );

  app.post(
    '/api/admin/apps',
    {
      attachValidation: true,
      schema: {
        operationId: 'createApp',
        tags,
        summary: 'Creates an app; 400 names each bad field in data.fields.',
        body: AdminAppCreateSchema,
        response: { 201: AdminAppSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const created = await admin.create(adminActor(request), bodyObject(request.body));
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/admin/apps/:appId',
    {
      attachValidation: true,
      schema: {
        operationId: 'updateApp',
        tags,
        summary: 'Changes an app; needs If-Match: <version> (or "version"); 409 when stale.',
        params: AdminAppParamsSchema,
        body: AdminAppPatchSchema,
        response: { 200: AdminAppSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      const invalid = request.validationError as FastifyError | undefined;
      if (invalid?.validationContext === 'params') {
        throw new NotFoundError();
      }
      const { version, ...fields } = bodyObject(request.body);
      return admin.update(
        adminActor(request),
        request.params.appId,
        fields,
        expectedVersion(request, version),
      );
    },
  );

  app.delete(
    '/api/admin/apps/:appId',
    {
      schema: {
        operationId: 'deleteApp',
        tags,
        summary: 'Moves an app to the trash (30 days); needs If-Match: <version> or ?version=.',
        params: AdminAppParamsSchema,
        querystring: AdminVersionQuerySchema,
        response: { 200: AdminAppSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      const { appId } = request.params;
      await admin.remove(
        adminActor(request),
        appId,
        expectedVersion(request, request.query.version),
      );
      return admin.get(appId);
    },
  );

  app.post(
    '/api/admin/apps/:appId/restore',
    {
      schema: {
        operationId: 'restoreApp',
        tags,
        summary: 'Brings an app back from the trash, with its logo and favorites.',
        params: AdminAppParamsSchema,
        response: { 200: AdminAppSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => admin.restore(adminActor(request), request.params.appId),
  );

  app.put(
    '/api/admin/apps/:appId/logo',
    {
      bodyLimit: MAX_LOGO_BYTES + 64 * 1024,
      schema: {
        operationId: 'putAppLogo',
        tags,
        summary:
          'Sets the logo: the raw image (PNG, JPEG, GIF, WebP, AVIF, ICO, SVG; at most 2 MiB) or multipart with one file.',
        params: AdminAppParamsSchema,
        querystring: AdminVersionQuerySchema,
        response: { 200: AdminAppSchema, ...ADMIN_ERRORS, 413: ErrorSchema, 415: ErrorSchema },
      },
    },
    async (request) => {
      let bytes: Buffer;
      if (request.isMultipart()) {
        bytes = await readMultipartFile(request, MAX_LOGO_BYTES);
      } else if (Buffer.isBuffer(request.body)) {
        bytes = request.body;
      } else if (typeof request.body === 'string') {
        bytes = Buffer.from(request.body, 'utf8');
      } else {
        throw new BadRequestError('Send the image as the request body, or as multipart.');
      }
      return admin.putLogo(
        adminActor(request),
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
        operationId: 'deleteAppLogo',
        tags,
        summary: 'Removes the logo.',
        params: AdminAppParamsSchema,
        querystring: AdminVersionQuerySchema,
        response: { 200: AdminAppSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) =>
      admin.deleteLogo(
        adminActor(request),
        request.params.appId,
        expectedVersion(request, request.query.version),
      ),
  );

  app.get(
    '/api/admin/apps/:appId/logo',
    {
      schema: {
        operationId: 'getAdminAppLogo',
        tags,
        summary: "Any app's logo, trashed ones too (the console's imageUrl).",
        params: AdminAppParamsSchema,
        response: { 200: Type.Unknown({ description: 'The image.' }), ...ADMIN_ERRORS },
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
};

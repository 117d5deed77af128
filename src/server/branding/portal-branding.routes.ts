import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AdminBrandingSchema, BrandingPatchSchema } from '../../shared/api/branding-schemas.js';
import { ErrorSchema } from '../../shared/api/schemas.js';
import type { PortalImageKind } from './branding.repository.js';
import { MAX_LOGO_BYTES } from '../files/logo-files.js';
import { BadRequestError } from '../http/errors.js';
import { ADMIN_ERRORS } from '../admin-http/admin-errors.js';
import { readMultipartFile } from '../admin-http/admin-multipart.js';
import { adminActor, bodyObject } from '../admin-http/admin-request.js';
import type { PortalBrandingService } from './portal-branding.service.js';

const tags = ['admin'];

/** The uploaded image: the raw bytes, or multipart with one file (as app logos). */
async function imageBytes(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) return readMultipartFile(request, MAX_LOGO_BYTES);
  if (Buffer.isBuffer(request.body)) return request.body;
  if (typeof request.body === 'string') return Buffer.from(request.body, 'utf8');
  throw new BadRequestError('Send the image as the request body, or as multipart.');
}

/**
 * /api/admin/portal: the portal's own branding (docs/admin.md, "Branding"). Registered inside
 * the admin routes' scope: their guard (admin role, before the body is read), same-origin check,
 * body parsers and limits apply.
 */
export const portalBrandingRoutes: FastifyPluginAsyncTypebox<{
  branding: PortalBrandingService;
}> = async (app, { branding }) => {
  app.get(
    '/api/admin/portal',
    {
      schema: {
        operationId: 'getAdminBranding',
        tags,
        summary:
          'The branding: what admins set, what the configuration gives, the accent per theme.',
        response: { 200: AdminBrandingSchema, ...ADMIN_ERRORS },
      },
    },
    async () => branding.view(),
  );

  app.patch(
    '/api/admin/portal',
    {
      attachValidation: true,
      schema: {
        operationId: 'updatePortalBranding',
        tags,
        summary:
          'Changes title, subtitle, footer, footerLink and accentColor (null: back to the configuration); 400 names each bad field in data.fields.',
        body: BrandingPatchSchema,
        response: { 200: AdminBrandingSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => branding.update(adminActor(request), bodyObject(request.body)),
  );

  for (const kind of ['logo', 'favicon'] as const satisfies readonly PortalImageKind[]) {
    const name = kind === 'logo' ? 'Logo' : 'Favicon';
    app.put(
      `/api/admin/portal/${kind}`,
      {
        bodyLimit: MAX_LOGO_BYTES + 64 * 1024,
        schema: {
          operationId: `putPortal${name}`,
          tags,
          summary: `Sets the portal's ${kind}: the raw image (PNG, JPEG, GIF, WebP, AVIF, ICO, SVG; at most 2 MiB) or multipart with one file, checked and sanitised like app logos.`,
          response: {
            200: AdminBrandingSchema,
            ...ADMIN_ERRORS,
            413: ErrorSchema,
            415: ErrorSchema,
          },
        },
      },
      async (request) => branding.putImage(adminActor(request), kind, await imageBytes(request)),
    );
    app.delete(
      `/api/admin/portal/${kind}`,
      {
        schema: {
          operationId: `deletePortal${name}`,
          tags,
          summary: `Removes the portal's ${kind}: the built-in one shows again.`,
          response: { 200: AdminBrandingSchema, ...ADMIN_ERRORS },
        },
      },
      async (request) => branding.deleteImage(adminActor(request), kind),
    );
  }
};

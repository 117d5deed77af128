import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema } from '../../shared/api/schemas.js';
import { NotFoundError } from '../http/errors.js';
import { PORTAL_IMAGE_KINDS, type PortalImageKind } from './branding.repository.js';
import { imageFileName, type Branding } from './branding.service.js';

const ParamsSchema = Type.Object(
  {
    kind: Type.String({ maxLength: 16 }),
    fileName: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);

/**
 * Serves the portal's logo and favicon at /api/portal/{logo|favicon}/{kind}-{hash}.{ext}, with
 * the headers of app logos (files/files.routes.ts): nosniff, a CSP that keeps an SVG opened on
 * its own inert, and caching by content hash. Only the current image's name is served.
 */
export const brandingFilesRoutes: FastifyPluginAsyncTypebox<{ branding: Branding }> = async (
  app,
  { branding },
) => {
  app.get(
    '/api/portal/:kind/:fileName',
    {
      config: { badParams: 'not-found' },
      schema: {
        operationId: 'getPortalImage',
        tags: ['system'],
        summary: "The portal's logo or favicon (names change with the content).",
        params: ParamsSchema,
        response: {
          200: Type.Unknown({ description: 'The image.' }),
          304: Type.Unknown({ description: 'Not modified.' }),
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { kind, fileName } = request.params;
      // Any other name is the same 404 (not a 400 naming the allowed kinds).
      if (!(PORTAL_IMAGE_KINDS as readonly string[]).includes(kind)) throw new NotFoundError();
      const image = await branding.image(kind as PortalImageKind);
      if (!image || imageFileName(kind as PortalImageKind, image) !== fileName)
        throw new NotFoundError();
      const etag = `"${image.sha256.slice(0, 32)}"`;
      void reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'public, max-age=86400')
        .header('etag', etag)
        .header('last-modified', new Date(image.updated).toUTCString());
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(image.bytes);
    },
  );
};

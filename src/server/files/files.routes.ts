import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema } from '../../shared/api/schemas.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { NotFoundError } from '../http/errors.js';
import { CONTENT_TYPES, isSafeSegment, type FileStorage } from './file-storage.js';

const FileParamsSchema = Type.Object(
  {
    collectionId: Type.String({ maxLength: 128 }),
    appId: Type.String({ maxLength: 128 }),
    fileName: Type.String({ maxLength: 256 }),
  },
  { additionalProperties: false },
);

/**
 * Serves an app's logo at /api/files/{collectionId}/{appId}/{fileName}. Only the current logo of
 * an app the caller may see is served; anything else (unsafe names, traversal, other files,
 * hidden apps) is the same 404.
 */
export const filesRoutes: FastifyPluginAsyncTypebox<{
  apps: AppsRepository;
  storage: FileStorage;
}> = async (app, { apps, storage }) => {
  app.get(
    '/api/files/:collectionId/:appId/:fileName',
    {
      schema: {
        tags: ['files'],
        summary: "An app's logo.",
        params: FileParamsSchema,
        response: {
          200: Type.Unknown({ description: 'The file itself.' }),
          304: Type.Unknown({ description: 'Not modified.' }),
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { collectionId, appId, fileName } = request.params;
      if (![collectionId, appId, fileName].every(isSafeSegment)) throw new NotFoundError();
      const record = await apps.findVisibleApp(request.principal, appId);
      if (!record || record.collectionId !== collectionId || record.image !== fileName) {
        throw new NotFoundError();
      }
      const file = await storage.find(collectionId, appId, fileName);
      const contentType = CONTENT_TYPES[extname(fileName).toLowerCase()];
      if (!file || !contentType) throw new NotFoundError();

      const etag = `"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
      void reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly must not run scripts or load anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header(
          'cache-control',
          record.isPublic === 1 ? 'public, max-age=86400' : 'private, max-age=3600',
        )
        .header('etag', etag)
        .header('last-modified', file.mtime.toUTCString());
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      void reply.header('content-length', file.size);
      return reply.send(createReadStream(file.path));
    },
  );
};

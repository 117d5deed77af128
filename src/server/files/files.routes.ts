import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppIdSchema } from '../../shared/api/ids.js';
import { APP_ID_PATTERN } from '../../shared/catalog/app-rules.js';
import { ErrorSchema } from '../../shared/api/schemas.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { NotFoundError } from '../http/errors.js';
import { isSafeSegment } from './file-storage.js';

const FileParamsSchema = Type.Object(
  {
    collectionId: Type.String({ pattern: APP_ID_PATTERN, description: 'An id alphabet.' }),
    appId: AppIdSchema,
    fileName: Type.String({ maxLength: 256 }),
  },
  { additionalProperties: false },
);

/**
 * Serves an app's logo at /api/files/{collectionId}/{appId}/{fileName} (ids that do not match
 * their pattern are a 400 before anything is read). Only the current logo of
 * an app the caller may see is served; anything else (unsafe names, traversal, other files,
 * hidden apps, apps in the trash) is the same 404. Logos live in the database (decision 0005);
 * the file name carries a hash of the content, so a new logo gets a new URL.
 */
export const filesRoutes: FastifyPluginAsyncTypebox<{ apps: AppsRepository }> = async (
  app,
  { apps },
) => {
  app.get(
    '/api/files/:collectionId/:appId/:fileName',
    {
      // A control character in a name is the same 404 as any other name not served.
      config: { badParams: 'not-found' },
      schema: {
        operationId: 'getFile',
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
      // Locked cards show their logo too: signed-in callers get the logos of requestable apps.
      const record = await apps.findListedApp(request.principal, appId);
      if (!record || record.collectionId !== collectionId || record.image !== fileName) {
        throw new NotFoundError();
      }
      const logo = await apps.findLogo(appId);
      if (!logo) throw new NotFoundError();

      const etag = `"${logo.sha256.slice(0, 32)}"`;
      void reply
        .header('content-type', logo.contentType)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly must not run scripts or load anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header(
          'cache-control',
          record.isPublic === 1 ? 'public, max-age=86400' : 'private, max-age=3600',
        )
        .header('etag', etag)
        .header('last-modified', new Date(logo.updated).toUTCString());
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(logo.bytes);
    },
  );
};

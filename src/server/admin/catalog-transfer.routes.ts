import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ImportQuerySchema, ImportResultSchema } from '../../shared/api/admin-schemas.js';
import { ErrorSchema } from '../../shared/api/schemas.js';
import { CatalogError } from '../catalog/catalog-file.js';
import { BadRequestError } from '../http/errors.js';
import { ADMIN_ERRORS } from '../admin-http/admin-errors.js';
import { readMultipartFile } from '../admin-http/admin-multipart.js';
import { adminActor } from '../admin-http/admin-request.js';
import { MAX_IMPORT_BYTES } from './catalog-transfer.js';
import type { CatalogTransferService } from './catalog-transfer.service.js';

const tags = ['admin'];

/** /api/admin/catalog/*: the whole catalog as a file, out and in (docs/admin.md). */
export const catalogTransferRoutes: FastifyPluginAsyncTypebox<{
  transfer: CatalogTransferService;
}> = async (app, { transfer }) => {
  // A catalog file sent as JSON goes to the reader's worker as bytes, like YAML: parsing up to
  // 20 MiB here would stop every other request meanwhile. (This scope only: other admin routes
  // keep the JSON parser.)
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.get(
    '/api/admin/catalog/export',
    {
      schema: {
        operationId: 'exportCatalog',
        tags,
        summary:
          'The whole catalog as a catalog file (YAML); ?logos=true: a .zip with catalog.yaml and logos/.',
        querystring: Type.Object(
          { logos: Type.Boolean({ default: false }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Unknown({ description: 'YAML or .zip' }), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const { yaml, zip } = await transfer.export({ logos: request.query.logos });
      const day = new Date().toISOString().slice(0, 10);
      if (!zip) {
        return reply
          .type('application/yaml; charset=utf-8')
          .header('content-disposition', `attachment; filename="catalog-${day}.yaml"`)
          .send(yaml);
      }
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="catalog-${day}.zip"`)
        .send(Buffer.from(zip));
    },
  );

  app.post(
    '/api/admin/catalog/import',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        operationId: 'importCatalog',
        tags,
        summary:
          'Compares a catalog file (YAML/JSON text, a .zip from the export, or multipart) with the catalog; dryRun=false applies it in one transaction.',
        querystring: ImportQuerySchema,
        response: { 200: ImportResultSchema, ...ADMIN_ERRORS, 413: ErrorSchema, 415: ErrorSchema },
      },
    },
    async (request) => {
      let upload: string | Uint8Array;
      if (request.isMultipart()) {
        upload = await readMultipartFile(request, MAX_IMPORT_BYTES);
      } else if (typeof request.body === 'string' || Buffer.isBuffer(request.body)) {
        upload = request.body;
      } else if (typeof request.body === 'object' && request.body !== null) {
        upload = JSON.stringify(request.body);
      } else {
        throw new BadRequestError('Send the catalog file as the request body.');
      }
      try {
        return await transfer.import(upload, 'The catalog file', {
          dryRun: request.query.dryRun,
          prune: request.query.prune,
          actor: adminActor(request),
        });
      } catch (error) {
        if (error instanceof CatalogError) {
          throw new BadRequestError(error.message, { problems: error.problems });
        }
        throw error;
      }
    },
  );
};

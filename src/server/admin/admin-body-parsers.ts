import multipart from '@fastify/multipart';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { MAX_LOGO_BYTES } from '../files/logo-files.js';
import { MULTIPART_LIMITS } from '../admin-http/admin-multipart.js';
import { MAX_IMPORT_BYTES } from './catalog-transfer.js';

const asBytes: FastifyBodyParser<Buffer> = (_request, body, done) => done(null, body);

/**
 * The request bodies the admin scope reads: JSON (an empty body is no body), a logo as raw
 * bytes or multipart, a catalog file as YAML/JSON text or a .zip. Types are decided from the
 * bytes later, never from the header; sizes are bounded per kind.
 */
export async function registerAdminBodyParsers(app: FastifyInstance): Promise<void> {
  // The limits hold for every route of the scope; the upload routes read the whole body and
  // refuse what exceeds them (admin-http/admin-multipart.ts).
  await app.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, ...MULTIPART_LIMITS } });
  for (const type of ['application/zip', 'application/x-zip-compressed']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, asBytes);
  }
  for (const type of ['text/yaml', 'application/yaml', 'application/x-yaml', 'text/plain']) {
    // Bytes, not text: a logo sent as text/plain must arrive intact to be recognised.
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, asBytes);
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
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, asBytes);
  for (const type of ['application/octet-stream', /^image\//]) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: MAX_LOGO_BYTES + 64 * 1024 },
      asBytes,
    );
  }
}

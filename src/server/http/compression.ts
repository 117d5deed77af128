import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses the answers of the routes registered after it in the same scope (the API) with
 * brotli or gzip, as the client accepts, when they are at least COMPRESS_THRESHOLD bytes; adds
 * `Vary: Accept-Encoding`. Brotli runs at quality 4: on the fly, the highest qualities cost tens
 * of milliseconds on a large catalog for a few percent. Answers above the plugin's sync
 * threshold (8 KB on two cores) are compressed as a stream, in zlib's thread pool. The large
 * shared answers (`/`, `GET /api/apps`) opt out (`compress: false`) and are compressed once per
 * content instead (compressed-bodies.ts, decision 0035); the built web app's files are
 * compressed at build time (vite.config.ts) and served pre-compressed (spa.routes.ts).
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD,
      encodings: ['br', 'gzip'],
      brotliOptions: {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
        },
      },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);

import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorSchema } from '../../shared/api/schemas.js';

/** What every route may answer when a parameter holds control characters (control-characters.ts). */
const BAD_REQUEST = {
  ...ErrorSchema,
  description: 'The request is malformed (for instance, a parameter holds control characters).',
};

/** A route's responses with the 400 every route can give, unless it names a 4xx of its own. */
function withClientError(
  response: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!response) return response;
  const hasClientError = Object.keys(response).some((code) => /^4(\d\d|XX)$/.test(code));
  return hasClientError ? response : { ...response, 400: BAD_REQUEST };
}

/**
 * Collects every route's schemas into an OpenAPI document served at /api/docs/openapi.json.
 * Registered before the routes so it sees them all.
 */
export const openapi = fp(
  async (app: FastifyInstance, options: { version: string; publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'app-portal API',
          description:
            'Apps, the signed-in user and favorites, logos and status. Errors are `{status, message, data}`.',
          version: options.version,
          license: { name: 'MIT', identifier: 'MIT' },
        },
        servers: [{ url: new URL(options.publicUrl).origin, description: 'This portal' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
        security: [{}, { bearer: [] }],
      },
      transform: ({ schema, url }) => ({
        schema: schema && {
          ...schema,
          response: withClientError(schema.response as Record<string, unknown> | undefined),
        },
        url,
      }),
    });
    app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Collects every route's schemas into an OpenAPI document served at /api/docs/openapi.json.
 * Registered before the routes so it sees them all.
 */
export const openapi = fp(
  async (app: FastifyInstance, options: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'app-portal API',
          description:
            'Apps, the signed-in user and favorites, logos and status. Errors are `{status, message, data}`.',
          version: options.version,
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
        security: [{}, { bearer: [] }],
      },
    });
    app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

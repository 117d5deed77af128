import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasControlCharacters } from '../../shared/text/control-characters.js';
import { BadRequestError, NotFoundError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'not-found'`: a path parameter with control characters is this route's usual 404, not a
     * 400 (the logo files route answers every name it does not serve alike, giving no hint).
     */
    badParams?: 'not-found';
  }
}

/** Where a request carries control characters: `params/noticeId`, `querystring/actor`. */
function controlCharactersIn(request: FastifyRequest): string[] {
  const found: string[] = [];
  const check = (part: string, values: unknown) => {
    if (typeof values !== 'object' || values === null) return;
    for (const [key, value] of Object.entries(values)) {
      const texts = Array.isArray(value) ? value : [value];
      if (
        hasControlCharacters(key) ||
        texts.some((text) => typeof text === 'string' && hasControlCharacters(text))
      ) {
        found.push(`${part}/${key}`);
      }
    }
  };
  check('params', request.params);
  check('querystring', request.query);
  return found;
}

/**
 * The API's one rule for path parameters and query values (src/shared/catalog/app-rules.ts
 * hasControlCharacters): decoded, they hold no control characters, tab and line breaks
 * included. `/api/admin/notices/a%00b` or `?actor=%00` is a 400 before any handler or query
 * runs (PostgreSQL cannot even compare with NUL: it answered 500). Runs before validation, so
 * routes that map a bad parameter to 404 still say why.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = controlCharactersIn(request);
    if (found.length > 0) {
      const inPath = found.every((where) => where.startsWith('params/'));
      if (inPath && request.routeOptions.config.badParams === 'not-found')
        throw new NotFoundError();
      const issues = found.map((where) => `${where} must not contain control characters`);
      throw new BadRequestError(`Invalid request: ${issues.join('; ')}`, { issues });
    }
  });
}

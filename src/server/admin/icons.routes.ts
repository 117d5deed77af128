import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  IconListQuerySchema,
  IconListSchema,
  IconParamsSchema,
} from '../../shared/api/icon-schemas.js';
import { pageOf } from '../../shared/api/list-schemas.js';
import { NotFoundError } from '../http/errors.js';
import { ADMIN_ERRORS } from '../admin-http/admin-errors.js';
import type { IconSet } from '../files/icons/icon-set.js';

const tags = ['admin'];

/**
 * /api/admin/icons: the offline icon set of the logo picker (docs/admin.md, "Icons"), searched
 * here so the console never carries thousands of icons. Picking one uploads its SVG through
 * PUT /api/admin/apps/{id}/logo, so it is sanitised, stored and served like any logo.
 */
export const iconsRoutes: FastifyPluginAsyncTypebox<{ icons: IconSet }> = async (
  app,
  { icons },
) => {
  app.get(
    '/api/admin/icons',
    {
      schema: {
        operationId: 'listIcons',
        tags,
        summary: 'Icons of the offline set matching q (name, slug, other names); paged.',
        querystring: IconListQuerySchema,
        response: { 200: IconListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      const { q = '', page, perPage } = request.query;
      return pageOf(await icons.search(q), page, perPage);
    },
  );

  app.get(
    '/api/admin/icons/:slug.svg',
    {
      schema: {
        operationId: 'getIconSvg',
        tags,
        summary: 'One icon as the SVG logo it becomes (a tile in its colour), for the preview.',
        params: IconParamsSchema,
        response: { 200: Type.Unknown({ description: 'The SVG.' }), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const svg = await icons.svg(request.params.slug);
      if (svg === undefined) throw new NotFoundError('No icon has this name.');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(svg);
    },
  );
};

import { Type, type Static } from 'typebox';
import { PAGE_QUERY, pageSchema } from './list-schemas.js';

/** An icon's slug: lower-case letters, digits, `_` (simple-icons) and `-` (the portal's own). */
export const ICON_SLUG_PATTERN = '^[a-z0-9_-]{1,64}$';

/** GET /api/admin/icons: the offline icon set, searched on the server (docs/admin.md, "Icons"). */
export const IconListQuerySchema = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Words to look for in the name, slug and other names; empty lists every icon.',
      }),
    ),
    ...PAGE_QUERY,
  },
  { additionalProperties: false },
);
export type IconListQuery = Static<typeof IconListQuerySchema>;

export const IconSchema = Type.Object(
  {
    slug: Type.String({ description: 'Names the icon in the URL of its SVG.' }),
    title: Type.String({ description: 'The tool or brand the icon stands for.' }),
    set: Type.Union([Type.Literal('simple-icons'), Type.Literal('portal')], {
      description:
        'simple-icons (CC0-1.0 package; the brands keep their trademarks) or portal (drawn for this project, MIT).',
    }),
    hex: Type.String({ description: 'The tile colour, six hex digits.' }),
    svgUrl: Type.String({ description: 'The icon as the logo it becomes, served by the portal.' }),
  },
  { $id: 'Icon', additionalProperties: false },
);
export type Icon = Static<typeof IconSchema>;

export const IconListSchema = Type.Object(
  pageSchema(IconSchema, 'Best match first (exact name, then starts with, then contains).'),
  { additionalProperties: false },
);
export type IconList = Static<typeof IconListSchema>;

export const IconParamsSchema = Type.Object(
  { slug: Type.String({ pattern: ICON_SLUG_PATTERN }) },
  { additionalProperties: false },
);

/**
 * Wire types of the portal's branding as admins manage it (`/api/admin/portal`, docs/admin.md).
 * The PATCH body is loose on values (types only, unknown fields refused): the service checks
 * values with src/shared/branding/branding-rules.ts and answers 400 with `data.fields`.
 */
import { Type, type Static } from 'typebox';
import { PortalInfoSchema } from './schemas.js';
import { BRANDING_LIMITS } from '../branding/branding-rules.js';
import { localizedTextSchema } from '../i18n/localized-text.js';

const Settable = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Null()], { description }));
/** A text that may be given per language: checked by branding-rules.ts (a 400 naming it). */
const SettableText = (description: string) =>
  Type.Optional(
    Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description: `${description} Or texts by language tag ({ "en": "...", "de": "..." }).`,
    }),
  );
const SetText = (max: number) => Type.Union([localizedTextSchema(max), Type.Null()]);

export const BrandingPatchSchema = Type.Object(
  {
    title: SettableText('1 to 80 characters, one line; null: PORTAL_TITLE.'),
    subtitle: SettableText(
      'At most 120 characters, one line, may be empty; null: PORTAL_SUBTITLE.',
    ),
    footer: SettableText('At most 200 characters, one line, may be empty; null: PORTAL_FOOTER.'),
    footerLink: Settable('An http(s) address, or empty for no link; null: no link.'),
    accentColor: Settable(
      "#rrggbb, or empty for the themes' own; null: the default. Shades that would miss WCAG AA contrast in a theme are adjusted for that theme (the answer's `notes` say so).",
    ),
  },
  { additionalProperties: true },
);

const BrandingTextsSchema = Type.Object(
  {
    title: Type.String(),
    subtitle: Type.String(),
    footer: Type.String(),
    footerLink: Type.String(),
    accentColor: Type.String(),
  },
  { additionalProperties: false, description: 'The values the configuration gives.' },
);

export const ThemeAccentSchema = Type.Object(
  {
    primary: Type.String({ description: 'The shade buttons, links and focus rings use.' }),
    content: Type.String({ description: 'The text colour on a primary button.' }),
    givenRatio: Type.Number({ description: 'Contrast of the colour as set (lowest background).' }),
    ratio: Type.Number({ description: 'Contrast of `primary` (lowest background).' }),
    adjusted: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const AdminBrandingSchema = Type.Object(
  {
    portal: PortalInfoSchema,
    set: Type.Object(
      {
        title: SetText(BRANDING_LIMITS.title),
        subtitle: SetText(BRANDING_LIMITS.subtitle),
        footer: SetText(BRANDING_LIMITS.footer),
        footerLink: Type.Union([Type.String(), Type.Null()]),
        accentColor: Type.Union([Type.String(), Type.Null()]),
      },
      {
        additionalProperties: false,
        description: 'What admins set; null where the configuration gives the value.',
      },
    ),
    defaults: BrandingTextsSchema,
    accent: Type.Union(
      [Type.Object({ light: ThemeAccentSchema, dark: ThemeAccentSchema }), Type.Null()],
      { description: 'The accent as each theme uses it; null without an accent.' },
    ),
    notes: Type.Array(Type.String(), {
      description: 'What was adjusted to keep AA contrast, one sentence per theme.',
    }),
    version: Type.Integer({ minimum: 0 }),
    updated: Type.Union([Type.String(), Type.Null()]),
    updatedBy: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'AdminBranding', additionalProperties: false },
);
export type AdminBranding = Static<typeof AdminBrandingSchema>;
export type BrandingPatch = Static<typeof BrandingPatchSchema>;

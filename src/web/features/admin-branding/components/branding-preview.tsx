import {
  accentPlan,
  describeAdjustments,
  type ThemeAccent,
} from '../../../../shared/branding/contrast.js';
import { useT } from '../../../lib/i18n.js';

function Preview({ accent, theme }: { accent: ThemeAccent | null; theme: 'light' | 'dark' }) {
  const t = useT();
  const surface = theme === 'light' ? '#ffffff' : '#1d232a';
  const text = theme === 'light' ? '#18181b' : '#ecf0f6';
  const primary = accent?.primary;
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-base-300 p-3"
      style={{ background: surface, color: text }}
    >
      <p className="text-xs font-medium">
        {theme === 'light'
          ? t('admin.translations.branding.preview.light')
          : t('admin.translations.branding.preview.dark')}
      </p>
      {primary ? (
        <>
          <span
            className="w-fit rounded px-3 py-1 text-sm font-semibold"
            style={{ background: primary, color: accent.content }}
          >
            {t('admin.translations.branding.preview.button')}
          </span>
          <span className="text-sm underline" style={{ color: primary }}>
            {t('admin.translations.branding.preview.link')}
          </span>
          <span className="text-xs">
            {accent.adjusted
              ? t('admin.translations.branding.preview.ratioAdjusted', {
                  color: primary,
                  ratio: accent.ratio.toFixed(2),
                })
              : t('admin.translations.branding.preview.ratio', {
                  color: primary,
                  ratio: accent.ratio.toFixed(2),
                })}
          </span>
        </>
      ) : (
        <span className="text-xs">{t('admin.translations.branding.preview.own')}</span>
      )}
    </div>
  );
}

/**
 * The accent colour on the light and the dark theme, as the portal will show it (adjusted for
 * contrast where needed, with what was adjusted); the theme's own colours while none is given.
 */
export function BrandingPreview({ accent }: { accent: string }) {
  const t = useT();
  const plan = accent ? accentPlan(accent) : null;
  const notes = accent ? describeAdjustments(accent) : [];
  return (
    <section aria-labelledby="branding-preview" className="flex flex-col gap-2">
      <h3 id="branding-preview" className="text-sm font-medium">
        {t('admin.translations.branding.preview')}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Preview accent={plan?.light ?? null} theme="light" />
        <Preview accent={plan?.dark ?? null} theme="dark" />
      </div>
      <div aria-live="polite" className="text-sm">
        {notes.map((note) => (
          <p key={note}>{note}</p>
        ))}
      </div>
    </section>
  );
}

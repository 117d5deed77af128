import type { Theme } from '../../../../shared/theme/theme.js';
import { THEME_PATH } from '../../../../shared/theme/theme.js';
import { useT } from '../../../lib/i18n.js';
import { Monitor, Moon, Sun, type Icon } from '../../../ui/icons.js';

const OPTIONS: readonly { value: Theme; icon: Icon }[] = [
  { value: 'system', icon: Monitor },
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
];

/** Shown only when the browser runs no scripts (the same classes as the sign-in link's). */
const WITHOUT_SCRIPTS = 'hidden [@media(scripting:none)]:inline-flex';

export interface ThemeMenuProps {
  theme: Theme;
  onChange(theme: Theme): void;
  /** Icons only, the names for screen readers and as tooltips (the header on wide screens). */
  compact?: boolean;
  /** Where the form without JavaScript sends the browser back to (the current path). */
  returnTo?: string;
  /**
   * Whether the radios preview the theme without JavaScript (daisyUI's `theme-controller`,
   * which follows any checked radio of the page). Only one form of a page may: a second one,
   * hidden, would keep the server's choice checked and fight the other's preview.
   */
  preview?: boolean;
}

/**
 * The theme choice: a group of three radio buttons named "Theme" (System, Light, Dark), so
 * arrow keys move the choice and screen readers say the current one. With JavaScript a choice
 * applies at once (cookie and `<html data-theme>`); without it, the radios preview the theme
 * (daisyUI's `theme-controller`) and "Apply" posts the form to /theme, which keeps it.
 */
export function ThemeMenu({
  theme,
  onChange,
  compact = false,
  returnTo = '/',
  preview = true,
}: ThemeMenuProps) {
  const t = useT();
  return (
    <form
      method="post"
      action={THEME_PATH}
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => event.preventDefault()}
    >
      {/* Side by side as icons in the wide header; one under the other elsewhere, so that the
          narrow menu's panel holds the three names in every language. */}
      <fieldset className={compact ? 'join' : 'join join-vertical w-full'}>
        <legend className="sr-only">{t('theme.label')}</legend>
        {OPTIONS.map(({ value, icon: Icon }) => {
          const label = t(`theme.${value}`);
          return (
            <label
              key={value}
              title={compact ? label : undefined}
              className={`btn btn-sm join-item has-[:checked]:btn-neutral ${compact ? '' : 'justify-start'}`}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                className={preview ? 'theme-controller sr-only' : 'sr-only'}
                checked={theme === value}
                onChange={() => onChange(value)}
              />
              <Icon aria-hidden="true" className="size-4" />
              <span className={compact ? 'sr-only' : undefined}>{label}</span>
            </label>
          );
        })}
      </fieldset>
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={`btn btn-sm ${WITHOUT_SCRIPTS}`}>
        {t('theme.apply')}
      </button>
    </form>
  );
}

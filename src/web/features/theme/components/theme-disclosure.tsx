import type { Theme } from '../../../../shared/theme/theme.js';
import { Sun } from '../../../ui/icons.js';
import { useHydrated } from '../../../ui/use-hydrated.js';
import { ThemeMenu } from './theme-menu.js';

export interface ThemeDisclosureProps {
  theme: Theme;
  /** Where the form sends the browser back to (the current path). */
  returnTo?: string;
}

/**
 * The theme choice below 768 px for browsers without JavaScript, where the narrow-screen menu
 * cannot open: a `<details>` disclosure ("Theme", a button that says whether it is expanded)
 * whose panel holds the theme form with its Apply button (POST /theme). It shows only under
 * `@media (scripting: none)`, its panel floats over the page (no layout shift), and it is in the
 * server's markup only: once the app runs it is gone and the menu offers the choice.
 */
export function ThemeDisclosure({ theme, returnTo }: ThemeDisclosureProps) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <details className="hidden [@media(scripting:none)]:block">
      <summary className="btn btn-ghost btn-sm [&::-webkit-details-marker]:hidden">
        <Sun aria-hidden="true" className="size-4" />
        Theme
      </summary>
      {/* Placed by the header's narrow-screen corner (positioned): it ends at the screen's edge. */}
      <div className="bg-base-100 rounded-box border-base-300 absolute right-0 z-30 mt-2 w-max max-w-[calc(100vw-2rem)] border p-4 shadow-lg">
        {/* No preview: the header's own form (hidden here) keeps the server's choice checked. */}
        <ThemeMenu theme={theme} onChange={() => {}} returnTo={returnTo} preview={false} />
      </div>
    </details>
  );
}

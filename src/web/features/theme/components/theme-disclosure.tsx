import type { Theme } from '../../../../shared/theme/theme.js';
import { Sun } from '../../../ui/icons.js';
import { useT } from '../../../lib/i18n.js';
import { NoScriptDisclosure } from '../../../ui/no-script-disclosure.js';
import { ThemeMenu } from './theme-menu.js';

export interface ThemeDisclosureProps {
  theme: Theme;
  /** Where the form sends the browser back to (the current path). */
  returnTo?: string;
}

/** The theme choice below 768 px without JavaScript ("Theme"; the form posts to /theme). */
export function ThemeDisclosure({ theme, returnTo }: ThemeDisclosureProps) {
  const t = useT();
  return (
    <NoScriptDisclosure
      summary={
        <>
          <Sun aria-hidden="true" className="size-4" />
          {t('theme.label')}
        </>
      }
    >
      {/* No preview: the header's own form (hidden here) keeps the server's choice checked. */}
      <ThemeMenu theme={theme} onChange={() => {}} returnTo={returnTo} preview={false} />
    </NoScriptDisclosure>
  );
}

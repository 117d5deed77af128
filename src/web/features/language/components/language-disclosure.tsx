import { useT } from '../../../lib/i18n.js';
import { Languages } from '../../../ui/icons.js';
import { NoScriptDisclosure } from '../../../ui/no-script-disclosure.js';
import { LanguageMenu } from './language-menu.js';

/** The language choice below 768 px without JavaScript (its icon, named "Language"). */
export function LanguageDisclosure({ returnTo }: { returnTo?: string }) {
  const t = useT();
  return (
    <NoScriptDisclosure
      summary={
        <>
          <Languages aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('language.label')}</span>
        </>
      }
    >
      <LanguageMenu returnTo={returnTo} />
    </NoScriptDisclosure>
  );
}

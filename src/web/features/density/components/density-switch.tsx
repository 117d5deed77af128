import { DENSITIES, DENSITY_PATH, type Density } from '../../../../shared/density/density.js';
import { useT } from '../../../lib/i18n.js';

export interface DensitySwitchProps {
  density: Density;
  onChange(density: Density): void;
  /** Where the form without JavaScript sends the browser back to (the current path). */
  returnTo?: string;
}

/**
 * The view switch: "Comfortable" and "Compact" as two toggle buttons in a group named "View" (a fieldset)
 * (the pressed one is the current view). Each is a submit button of a form that posts the choice
 * to /density, so it works without JavaScript and before the page is hydrated; with JavaScript the
 * choice applies at once (cookie and `<html data-density>`), without a round trip.
 */
export function DensitySwitch({ density, onChange, returnTo = '/' }: DensitySwitchProps) {
  const t = useT();
  return (
    <form method="post" action={DENSITY_PATH}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset className="join">
        <legend className="sr-only">{t('density.label')}</legend>
        {DENSITIES.map((value) => (
          <button
            key={value}
            type="submit"
            name="density"
            value={value}
            aria-pressed={density === value}
            className={`btn btn-sm join-item ${density === value ? 'btn-neutral' : 'btn-ghost'}`}
            onClick={(event) => {
              event.preventDefault();
              onChange(value);
            }}
          >
            {t(`density.${value}`)}
          </button>
        ))}
      </fieldset>
    </form>
  );
}

import type { Density } from '../../shared/density/density.js';
import { CategoryBar } from '../features/catalog/components/category-bar.js';
import type { CatalogSection } from '../features/catalog/utils/sections.js';
import { DensitySwitch } from '../features/density/components/density-switch.js';

export interface HomeToolbarProps {
  /** The sections shown, in order (the category bar lists them when there are two or more). */
  sections: readonly Pick<CatalogSection<never>, 'title' | 'token'>[];
  /** Opens a collapsed section before the category bar jumps to it. */
  onJump(token: string): void;
  density: Density;
  onDensity(density: Density): void;
  /** Where the view switch without JavaScript comes back to (the page's path and query). */
  returnTo?: string;
}

/** Above the sections: the category bar (jumps to a section) and the view switch. */
export function HomeToolbar({ sections, onJump, density, onDensity, returnTo }: HomeToolbarProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      {sections.length > 1 ? <CategoryBar sections={sections} onJump={onJump} /> : <span />}
      <DensitySwitch density={density} onChange={onDensity} returnTo={returnTo} />
    </div>
  );
}

import { useT } from '../../../lib/i18n.js';
import type { CatalogSection } from '../utils/sections.js';

/** The id of a category's section element (what the category bar's links jump to). */
export function sectionElementId(token: string): string {
  return `category-${token}`;
}

export interface CategoryBarProps {
  sections: readonly Pick<CatalogSection<never>, 'title' | 'token'>[];
  /** Called before the jump to a section (to open it when it is collapsed). */
  onJump?(token: string): void;
}

/**
 * The categories as a row of links (a navigation named "Categories") that jump to their
 * sections: plain anchors, so they work without JavaScript and before hydration too.
 */
export function CategoryBar({ sections, onJump }: CategoryBarProps) {
  const t = useT();
  return (
    <nav aria-label={t('catalog.categories')} className="min-w-0 flex-1">
      <ul className="flex flex-wrap gap-1">
        {sections.map((section) => (
          <li key={section.token}>
            <a
              href={`#${sectionElementId(section.token)}`}
              className="btn btn-ghost btn-xs"
              onClick={onJump ? () => onJump(section.token) : undefined}
            >
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

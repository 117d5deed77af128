/** The category shown under another title (docs/catalog.md). */
const CATEGORY_TITLES: Record<string, string> = { apps: 'Applications' };

/** Title a section shows when its category has none. */
export const DEFAULT_SECTION_TITLE = 'Section Title';

export function categoryTitle(category: string | null | undefined): string {
  const trimmed = (category ?? '').trim();
  if (trimmed === '') return DEFAULT_SECTION_TITLE;
  return CATEGORY_TITLES[trimmed] ?? trimmed;
}

import { type ReactNode } from 'react';
import { useId } from '../../../ui/use-id.js';
import { AppCardSkeleton } from './app-card-skeleton.js';

/** Skeleton cards each category section shows while apps load (docs/web.md). */
export const SKELETONS_PER_SECTION = 6;

export interface AppSectionProps {
  title: string;
  /** While true the section shows skeleton cards instead of its children. */
  busy?: boolean;
  /** Keep the title for assistive technology only (the first loading section has none yet). */
  hideTitle?: boolean;
  /** Controls beside the title (the favorites' "Reorder"). */
  actions?: ReactNode;
  /** The section element's id (what the category bar's links jump to). */
  id?: string;
  /**
   * Makes the section collapsible: its title opens and closes it (a `<details>` element, so it
   * works without JavaScript, and the browser's find-in-page opens a closed one that matches).
   * `onToggle` gets whether it is now collapsed.
   */
  collapse?: { collapsed: boolean; onToggle(collapsed: boolean): void };
  children?: ReactNode;
}

/** A titled section of cards in a grid (`.app-grid`: its columns follow the density). */
export function AppSection({
  title,
  busy = false,
  hideTitle = false,
  actions,
  id,
  collapse,
  children,
}: AppSectionProps) {
  const headingId = useId();
  const cards = (
    <div className="app-grid">
      {busy
        ? Array.from({ length: SKELETONS_PER_SECTION }, (_, index) => (
            <AppCardSkeleton key={index} />
          ))
        : children}
    </div>
  );
  if (collapse) {
    return (
      <section id={id} aria-labelledby={headingId} aria-busy={busy || undefined}>
        <details
          open={!collapse.collapsed}
          className="app-section-details"
          // The element says what the visitor did (it may have been toggled before hydration).
          onToggle={(event) => collapse.onToggle(!event.currentTarget.open)}
        >
          <summary className="app-section-summary">
            <h2 id={headingId} className="text-xl font-semibold">
              {title}
            </h2>
          </summary>
          {cards}
        </details>
      </section>
    );
  }
  const heading = (
    <h2 id={headingId} className={hideTitle ? 'sr-only' : 'text-xl font-semibold'}>
      {title}
    </h2>
  );
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      className="flex flex-col gap-4"
    >
      {actions ? (
        <div className="flex items-center justify-between gap-2">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {hideTitle && <div aria-hidden="true" className="skeleton h-6 w-48" />}
      {cards}
    </section>
  );
}

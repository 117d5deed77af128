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
  children?: ReactNode;
}

/** A titled section of cards in a responsive grid (1 column on phones, up to 5 on wide screens). */
export function AppSection({
  title,
  busy = false,
  hideTitle = false,
  actions,
  children,
}: AppSectionProps) {
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className={hideTitle ? 'sr-only' : 'text-xl font-semibold'}>
      {title}
    </h2>
  );
  return (
    <section
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
      <div className="app-grid">
        {busy
          ? Array.from({ length: SKELETONS_PER_SECTION }, (_, index) => (
              <AppCardSkeleton key={index} />
            ))
          : children}
      </div>
    </section>
  );
}

/**
 * A placeholder card shown while apps load (hidden from assistive technology): the card's own grid
 * (`.app-card`), with blocks where the logo, name, environment, description and open link go, so
 * it has the card's size in either view.
 */
export function AppCardSkeleton() {
  return (
    <div data-testid="app-card-skeleton" aria-hidden="true" className="app-card">
      <div className="skeleton app-logo" />
      <div className="skeleton app-card-name h-4 w-3/4" />
      <div className="skeleton app-env h-4 w-12" />
      <div className="skeleton app-card-desc h-8" />
      <div className="skeleton app-open h-8 w-20" />
    </div>
  );
}

/** A placeholder card shown while apps load (hidden from assistive technology). */
export function AppCardSkeleton() {
  return (
    <div
      data-testid="app-card-skeleton"
      aria-hidden="true"
      className="card bg-base-100 border-base-300 h-full border shadow-sm"
    >
      <div className="card-body gap-3 p-5">
        <div className="flex items-start gap-3">
          <div className="skeleton size-12 shrink-0 rounded-lg" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton h-4 w-3/4" />
            <div className="skeleton h-4 w-12" />
          </div>
        </div>
        <div className="skeleton h-3 w-full" />
        <div className="skeleton h-3 w-5/6" />
        <div className="flex justify-end">
          <div className="skeleton h-8 w-20" />
        </div>
      </div>
    </div>
  );
}

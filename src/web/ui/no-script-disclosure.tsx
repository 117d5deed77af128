import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated.js';

/**
 * A choice below 768 px for browsers without JavaScript, where the narrow-screen menu cannot
 * open: a `<details>` disclosure (a button that says whether it is expanded) whose panel holds
 * the choice's form. It shows only under `@media (scripting: none)`, its panel floats over the
 * page (no layout shift), and it is in the server's markup only: once the app runs it is gone
 * and the menu offers the choice. The theme and the language use it.
 */
export function NoScriptDisclosure({
  summary,
  children,
}: {
  summary: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <details className="hidden [@media(scripting:none)]:block">
      <summary className="btn btn-ghost btn-sm [&::-webkit-details-marker]:hidden">
        {summary}
      </summary>
      {/* Placed by the header's narrow-screen corner (positioned): it ends at the screen's edge. */}
      <div className="bg-base-100 rounded-box border-base-300 absolute end-0 z-30 mt-2 w-max max-w-[calc(100vw-2rem)] border p-4 shadow-lg">
        {children}
      </div>
    </details>
  );
}

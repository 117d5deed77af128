import { Info } from '../../../ui/icons.js';
import { useStore } from 'zustand';
import type { StatusStore } from '../stores/status-store.js';

/**
 * Says plainly that the statuses are made up while the demo catalog plays its story (decision
 * 0026), above the notices and cards; rendered on the server too, from the page state.
 */
export function SimulatedStatusNote({ store }: { store: StatusStore }) {
  const simulated = useStore(store, (state) => state.simulated);
  if (!simulated) return null;
  return (
    <div role="note" aria-label="About these statuses" className="alert alert-soft items-start">
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong>Simulated statuses.</strong> These demo apps do not exist, so the portal plays a
        made-up story to show what status, history, maintenance and notices look like. Real checks
        take over as soon as you add or change an app.
      </p>
    </div>
  );
}

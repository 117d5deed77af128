import { Info } from '../../../ui/icons.js';
import { useStore } from 'zustand';
import { useT } from '../../../lib/i18n.js';
import type { StatusStore } from '../stores/status-store.js';

/**
 * Says plainly that the statuses are made up while the demo catalog plays its story (decision
 * 0026), above the notices and cards; rendered on the server too, from the page state.
 */
export function SimulatedStatusNote({ store }: { store: StatusStore }) {
  const t = useT();
  const simulated = useStore(store, (state) => state.simulated);
  if (!simulated) return null;
  return (
    <div
      role="note"
      aria-label={t('status.simulated.label')}
      className="alert alert-soft items-start"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong>{t('status.simulated.title')}</strong> {t('status.simulated.body')}
      </p>
    </div>
  );
}

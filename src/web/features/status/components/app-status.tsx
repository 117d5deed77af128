import { Wrench } from '../../../ui/icons.js';
import { lazy, Suspense, useState } from 'react';
import { useId } from '../../../ui/use-id.js';
import { useStore } from 'zustand';
import { historyState } from '../../../../shared/status/history.js';
import { useLocale } from '../../../lib/i18n.js';
import { useInteracted } from '../hooks/use-interacted.js';
import type { StatusStore } from '../stores/status-store.js';
import { describeSince, describeStrip, formatUptime } from '../utils/status-text.js';
import { HeartbeatStrip, statesOfStrip } from './heartbeat-strip.js';
import { StatusIndicator } from './status-indicator.js';

// The panel is loaded when first opened: the home page's bundle stays small.
const StatusPanel = lazy(() => import('./status-panel.js'));

interface AppRef {
  id: string;
  name: string;
  link: string;
}

/**
 * Since when, and the response time, in the page's language. `sentence` starts with the state
 * ("Down for 12 min · 87 ms", for text); otherwise it follows the state's label ("for 12 min ·
 * 87 ms"). Only `Intl` writes them: none before the first interaction (use-interacted.ts), which
 * comes before a tooltip shows; after it, written anew from the clock with every status poll.
 */
function useStatusDetails(app: AppRef, store: StatusStore, sentence: boolean): string | undefined {
  const locale = useLocale();
  const item = useStore(store, (state) => state.itemFor(app.link));
  const interacted = useInteracted();
  if (!item || !interacted) return undefined;
  const since = describeSince(locale, historyState(item.status), item.since, Date.now(), sentence);
  const speed =
    item.responseMs === undefined
      ? undefined
      : locale.formatNumber(item.responseMs, {
          style: 'unit',
          unit: 'millisecond',
          unitDisplay: 'short',
        });
  if (since && speed) return locale.t('status.details', { since, speed });
  return since ?? speed;
}

/** The card's status indicator; its tooltip says since when and how fast ("Down for 12 min"). */
export function AppStatusIndicator({ app, store }: { app: AppRef; store: StatusStore }) {
  const item = useStore(store, (state) => state.itemFor(app.link));
  // When a stale status was checked only `Intl` writes: not before the first interaction.
  const interacted = useInteracted();
  return (
    <StatusIndicator
      code={item?.status}
      details={useStatusDetails(app, store, false)}
      stale={item?.stale}
      checkedAt={interacted ? item?.checkedAt : undefined}
    />
  );
}

/**
 * The card's status row: the last 24 h as a strip and the uptime, a mark when the app is in
 * maintenance, and a button opening the history panel. Its height is reserved before the data
 * arrives, so nothing moves when it does; the strip appears only once there is a history.
 */
export function AppStatusDetails({ app, store }: { app: AppRef; store: StatusStore }) {
  const strip = useStore(store, (state) => state.strips?.get(app.id));
  const inMaintenance = useStore(
    store,
    (state) => state.notices?.maintenance.includes(app.id) || state.lookup(app.link) === 3,
  );
  const details = useStatusDetails(app, store, true);
  const interacted = useInteracted();
  const locale = useLocale();
  const { t } = locale;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const states = strip ? statesOfStrip(strip.strip) : [];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex h-7 items-center gap-2" data-testid="status-row">
        {strip && (
          <button
            type="button"
            className="btn btn-ghost btn-xs h-7 min-w-0 flex-1 gap-2 px-1 font-normal"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="sr-only">
              {[
                t('status.history.open', { name: app.name }),
                details && t('status.history.details', { details }),
                describeStrip(locale, states, strip.uptime, 30, '24h', !interacted),
              ]
                .filter(Boolean)
                .join(' ')}
            </span>
            <HeartbeatStrip states={states} className="h-4 min-w-0 flex-1" />
            {strip.uptime !== null && (
              <span aria-hidden="true" className="text-base-content/80 text-xs tabular-nums">
                {formatUptime(locale, strip.uptime)}
              </span>
            )}
          </button>
        )}
        {inMaintenance && (
          <span className="badge badge-info badge-sm shrink-0 gap-1" data-maintenance="true">
            <Wrench aria-hidden="true" className="size-3" />
            {t('status.label.maintenance')}
          </span>
        )}
      </div>
      {open && (
        <Suspense fallback={<p className="text-sm">{t('status.history.loading')}</p>}>
          <StatusPanel
            id={panelId}
            appId={app.id}
            appName={app.name}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

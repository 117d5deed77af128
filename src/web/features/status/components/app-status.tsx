import { Wrench } from '../../../ui/icons.js';
import { lazy, Suspense, useState } from 'react';
import { useId } from '../../../ui/use-id.js';
import { useStore } from 'zustand';
import { historyState } from '../../../../shared/status/history.js';
import { eitherOf } from '../../../lib/either-of.js';
import { useLocale } from '../../../lib/i18n.js';
import { useInteracted } from '../hooks/use-interacted.js';
import type { StatusStore } from '../stores/status-store.js';
import { describeSince, describeStrip, formatUptime } from '../utils/status-text.js';
import { statesOfStrip, stripStyle } from './heartbeat-strip.js';
import { StatusIndicator } from './status-indicator.js';

// The panel is loaded when first opened: the home page's bundle stays small.
const StatusPanel = lazy(() => import('./status-panel.js'));

interface AppRef {
  id: string;
  name: string;
  /** null: no address works from the visitor's network (docs/networks.md). */
  link: string | null;
  /** The networks it answers on, then (docs/networks.md). */
  onlyFrom?: { networks: string[] };
}

/**
 * Since when, and the response time, in the page's language. `sentence` starts with the state
 * ("Down for 12 min · 87 ms", for text); otherwise it follows the state's label ("for 12 min ·
 * 87 ms"). Only `Intl` writes them: none before the first interaction (use-interacted.ts), which
 * comes before a tooltip shows; after it, written anew from the clock with every status poll.
 */
function useStatusDetails(app: AppRef, store: StatusStore, sentence: boolean): string | undefined {
  const locale = useLocale();
  const item = useStore(store, (state) => state.itemFor(app));
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
  const item = useStore(store, (state) => state.itemFor(app));
  // When a stale status was checked only `Intl` writes: not before the first interaction.
  const interacted = useInteracted();
  const { t } = useLocale();
  // Checked from inside the networks the visitor is not on: the label says where.
  const where = app.link === null && app.onlyFrom ? eitherOf(t, app.onlyFrom.networks) : undefined;
  return (
    <StatusIndicator
      code={item?.status}
      details={useStatusDetails(app, store, false)}
      stale={item?.stale}
      checkedAt={interacted ? item?.checkedAt : undefined}
      where={where}
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
    (state) => state.notices?.maintenance.includes(app.id) || state.lookup(app) === 3,
  );
  const details = useStatusDetails(app, store, true);
  const interacted = useInteracted();
  const locale = useLocale();
  const { t } = locale;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const states = strip ? statesOfStrip(strip.strip) : [];
  // Its own elements only, placed by the card's grid (styles.css), which keeps the strip's row
  // before the data arrives: the strip's button, whose bars (`::before`) and uptime (`::after`)
  // the `.app-strip` rule paints, the maintenance mark with its icon, and the panel.
  return (
    <>
      {strip && (
        <button
          type="button"
          className="btn btn-ghost btn-xs app-strip"
          style={stripStyle(states)}
          data-strip={strip.strip}
          data-uptime={strip.uptime === null ? undefined : formatUptime(locale, strip.uptime)}
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
        </button>
      )}
      {inMaintenance && (
        <span
          className={`badge badge-info badge-sm app-maint ${Wrench.mask}`}
          data-maintenance="true"
        >
          {t('status.label.maintenance')}
        </span>
      )}
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
    </>
  );
}

import { useCallback } from 'react';
import { useStore } from 'zustand';
import type { App } from '../../shared/api/schemas.js';
import adminStyles from './admin-console/admin.css?url';
import { AdminConsole } from './admin-console/admin-console.js';
import { AppCard } from '../features/catalog/components/app-card.js';
import { AppSection } from '../features/catalog/components/app-section.js';
import { groupByCategory } from '../features/catalog/utils/sections.js';
import { StatusIndicator } from '../features/status/components/status-indicator.js';
import type { StatusStore } from '../features/status/stores/status-store.js';

export interface AdminPageProps {
  status: StatusStore;
  /** Reloads the home page's catalog after a change made here. */
  onCatalogChanged(): void;
}

/**
 * The admin console with the home page's own pieces (card, sections, status) plugged in: the
 * lazily loaded chunk behind /admin (see admin-route.tsx).
 */
export default function AdminPage({ status, onCatalogChanged }: AdminPageProps) {
  const lookup = useStore(status, (state) => state.lookup);
  const renderCard = useCallback(
    (app: App) => (
      <AppCard key={app.id} app={app} status={<StatusIndicator code={lookup(app)} />} />
    ),
    [lookup],
  );
  const renderHome = useCallback(
    (apps: readonly App[]) =>
      groupByCategory(apps).map((section) => (
        <AppSection key={section.title} title={section.title}>
          {section.apps.map(renderCard)}
        </AppSection>
      )),
    [renderCard],
  );
  return (
    <>
      {/* React puts it in <head> and shows the console once it is loaded (Suspense). */}
      <link rel="stylesheet" href={adminStyles} precedence="default" />
      <AdminConsole
        renderCard={renderCard}
        renderHome={renderHome}
        onCatalogChanged={onCatalogChanged}
      />
    </>
  );
}

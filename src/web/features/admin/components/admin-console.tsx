import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import { useAdminApps } from '../hooks/use-admin-apps.js';
import { AdminTabs } from './admin-tabs.js';
import { AppTable } from './app-table.js';

export interface AdminConsoleProps {
  /** One app's card as the home page shows it (the form's live preview). */
  renderCard(app: App): ReactNode;
  /** The home page's sections for a list of apps ("View as…"). */
  renderHome(apps: readonly App[]): ReactNode;
  /** Called after every change, so the rest of the SPA can reload the catalog. */
  onCatalogChanged?(): void;
}

const TABS = [
  { key: 'apps', label: 'Apps' },
  { key: 'trash', label: 'Trash' },
  { key: 'audit', label: 'Audit log' },
  { key: 'view-as', label: 'View as…' },
  { key: 'import-export', label: 'Import & export' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The admin console at /admin: apps, trash, audit log, "View as…", import and export. */
export function AdminConsole(_props: AdminConsoleProps) {
  const [tab, setTab] = useState<TabKey>('apps');
  const catalog = useAdminApps();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <main className="mx-auto flex w-full max-w-screen-2xl flex-1 flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Admin console
        </h1>
      </div>
      <AdminTabs<TabKey> tabs={TABS} current={tab} onSelect={setTab}>
        {tab === 'apps' && (
          <section aria-label="Apps" className="flex flex-col gap-4">
            <div>
              <button type="button" className="btn btn-primary btn-sm">
                <Plus aria-hidden="true" className="size-4" />
                New app
              </button>
            </div>
            {catalog.error && (
              <p role="alert" className="alert alert-error">
                {catalog.error}
              </p>
            )}
            {catalog.apps === null ? (
              <p role="status">Loading apps…</p>
            ) : (
              <AppTable
                apps={catalog.apps}
                onEdit={(_app: AdminApp) => {}}
                onDelete={(_app: AdminApp) => {}}
              />
            )}
          </section>
        )}
      </AdminTabs>
    </main>
  );
}

import Plus from 'lucide-react/icons/plus';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AdminApp } from '../../../shared/api/admin-schemas.js';
import type { App } from '../../../shared/api/schemas.js';
import { errorText } from '../../lib/error-text.js';
import { focusAfterFrame } from '../../lib/focus.js';
import { useLocale } from '../../lib/i18n.js';
import { deleteApp } from '../../features/admin-apps/api/apps-api.js';
import { useAdminCatalog } from '../../features/admin-apps/hooks/use-admin-catalog.js';
import { AdminNotice, type Notice } from '../../ui/console/admin-notice.js';
import { AdminTabs } from './admin-tabs.js';
import { DeliveriesView } from '../../features/admin-deliveries/components/deliveries-view.js';
import { AppForm } from '../../features/admin-apps/components/app-form.js';
import { AppTable } from '../../features/admin-apps/components/app-table.js';
import { AuditLog } from '../../features/admin-history/components/audit-log.js';
import { ConfirmDialog } from '../../ui/console/confirm-dialog.js';
import { ImportExport } from '../../features/admin-history/components/import-export.js';
import { NoticesView } from '../../features/admin-notices/components/notices-view.js';
import { BrandingView } from '../../features/admin-branding/components/branding-view.js';
import { restoreApp } from '../../features/admin-history/api/history-api.js';
import { TrashView } from '../../features/admin-history/components/trash-view.js';
import { ViewAs } from '../../features/admin-apps/components/view-as.js';
import { nameOf } from '../../lib/console/app-name.js';

export interface AdminConsoleProps {
  /** One app's card as the home page shows it (the form's live preview). */
  renderCard(app: App): ReactNode;
  /** The home page's sections for a list of apps ("View as…"). */
  renderHome(apps: readonly App[]): ReactNode;
  /** Called after every change, so the rest of the SPA can reload the catalog. */
  onCatalogChanged?(): void;
}

/** The tabs, with the id of each one's label. */
const TABS = [
  { key: 'apps', label: 'admin.tabs.apps' },
  { key: 'trash', label: 'admin.tabs.trash' },
  { key: 'notices', label: 'admin.tabs.notices' },
  { key: 'branding', label: 'admin.tabs.branding' },
  { key: 'networks', label: 'admin.tabs.networks' },
  { key: 'group-channels', label: 'admin.tabs.groupChannels' },
  { key: 'audit', label: 'admin.tabs.audit' },
  { key: 'deliveries', label: 'admin.tabs.deliveries' },
  { key: 'view-as', label: 'admin.tabs.viewAs' },
  { key: 'import-export', label: 'admin.tabs.importExport' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** What the Apps tab shows: the table, or the form for a new app or one being edited. */
type Editing = { kind: 'table' } | { kind: 'new' } | { kind: 'edit'; app: AdminApp };

// The tabs of settings an admin opens seldom load when opened (the console's budget,
// scripts/check-budget.mjs).
const NetworksView = lazy(() =>
  import('../../features/admin-networks/components/networks-view.js').then((module) => ({
    default: module.NetworksView,
  })),
);
const GroupChannelsView = lazy(() =>
  import('../../features/admin-group-channels/components/group-channels-view.js').then(
    (module) => ({ default: module.GroupChannelsView }),
  ),
);

/** The admin console at /admin: apps, trash, notices, branding, networks, group channels, audit log, "View as…", import and export. */
export function AdminConsole({ renderCard, renderHome, onCatalogChanged }: AdminConsoleProps) {
  const locale = useLocale();
  const { t } = locale;
  const [tab, setTab] = useState<TabKey>('apps');
  const [editing, setEditing] = useState<Editing>({ kind: 'table' });
  const [deleting, setDeleting] = useState<AdminApp | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { catalog, trash, knownGroups, categories, appIds, ...lists } = useAdminCatalog({
    onChanged: onCatalogChanged,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    // The tab's title says where the admin is (WCAG 2.4.2); the portal's comes back on leaving.
    const previous = document.title;
    document.title = previous
      ? t('admin.common.documentTitle', { portal: previous })
      : t('admin.common.title');
    return () => {
      document.title = previous;
    };
    // The language never changes while the page lives (changing it reloads the page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { saved, deleted, restored, reloadAll } = lists;
  const succeed = useCallback((message: string, action?: Notice['action']) => {
    setNotice({ kind: 'success', message, ...(action ? { action } : {}) });
  }, []);
  const fail = (message: string) => setNotice({ kind: 'error', message });

  const undoDelete = (app: AdminApp) => async () => {
    try {
      restored(await restoreApp(app.id));
      succeed(t('admin.apps.restored', { name: nameOf(app, locale.language) }));
    } catch (error) {
      fail(
        t('admin.apps.restoreFailed', {
          name: nameOf(app, locale.language),
          error: errorText(locale, error),
        }),
      );
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const app = deleting;
    setBusy(true);
    try {
      deleted(await deleteApp(app.id, app.version));
      setDeleting(null);
      succeed(t('admin.apps.deleted', { name: nameOf(app, locale.language) }), {
        label: t('admin.common.undo'),
        run: () => void undoDelete(app)(),
      });
      focusAfterFrame(() => heading.current);
    } catch (error) {
      setDeleting(null);
      fail(
        t('admin.apps.deleteFailed', {
          name: nameOf(app, locale.language),
          error: errorText(locale, error),
        }),
      );
      // The app may have changed or gone meanwhile, which the error does not tell: load again.
      void reloadAll();
    } finally {
      setBusy(false);
    }
  };

  const backToTable = () => {
    setEditing({ kind: 'table' });
    focusAfterFrame(() => heading.current);
  };

  return (
    <main className="admin-ui mx-auto flex w-full max-w-screen-2xl flex-1 flex-col gap-4 px-4 py-6">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {t('admin.common.title')}
      </h1>
      <AdminTabs<TabKey>
        tabs={TABS.map((entry) => ({ key: entry.key, label: t(entry.label) }))}
        current={tab}
        onSelect={(key) => {
          setTab(key);
          setEditing({ kind: 'table' });
        }}
      >
        {tab === 'apps' &&
          (editing.kind === 'table' ? (
            <div className="flex flex-col gap-4">
              <div>
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  onClick={() => setEditing({ kind: 'new' })}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  {t('admin.apps.new')}
                </button>
              </div>
              {catalog.error !== null && (
                <p role="alert" className="alert alert-error">
                  {errorText(locale, catalog.error)}
                </p>
              )}
              {catalog.apps === null ? (
                catalog.error === null && <p role="status">{t('admin.apps.loading')}</p>
              ) : (
                <AppTable
                  apps={catalog.apps}
                  onEdit={(app) => setEditing({ kind: 'edit', app })}
                  onDelete={setDeleting}
                />
              )}
            </div>
          ) : (
            <AppForm
              key={editing.kind === 'edit' ? editing.app.id : 'new'}
              app={editing.kind === 'edit' ? editing.app : undefined}
              knownGroups={knownGroups}
              categories={categories}
              renderCard={renderCard}
              onSaved={(app, message) => {
                saved(app);
                succeed(message);
                backToTable();
              }}
              onAppChanged={saved}
              onCancel={backToTable}
            />
          ))}
        {tab === 'trash' && (
          <TrashView
            apps={trash.apps}
            error={trash.error}
            onRestored={(app, message) => {
              restored(app);
              succeed(message);
            }}
            onError={fail}
          />
        )}
        {tab === 'notices' && (
          <NoticesView
            appIds={appIds}
            onChanged={(message) => setNotice({ kind: 'success', message })}
            onError={fail}
          />
        )}
        {tab === 'branding' && (
          <BrandingView
            onChanged={(message) => setNotice({ kind: 'success', message })}
            onError={fail}
          />
        )}
        <Suspense
          fallback={
            <p role="status">
              {t(tab === 'networks' ? 'admin.networks.loading' : 'admin.groupChannels.loading')}
            </p>
          }
        >
          {tab === 'networks' && (
            <NetworksView onChanged={(message) => setNotice({ kind: 'success', message })} />
          )}
          {tab === 'group-channels' && (
            <GroupChannelsView onChanged={(message) => setNotice({ kind: 'success', message })} />
          )}
        </Suspense>
        {tab === 'audit' && <AuditLog appIds={appIds} />}
        {tab === 'deliveries' && <DeliveriesView />}
        {tab === 'view-as' && <ViewAs knownGroups={knownGroups} renderHome={renderHome} />}
        {tab === 'import-export' && (
          <ImportExport
            onImported={(message) => {
              succeed(message);
              // An import answers a diff, not the apps: load everything again.
              void reloadAll();
            }}
          />
        )}
      </AdminTabs>
      {deleting && (
        <ConfirmDialog
          title={t('admin.apps.deleteTitle', { name: nameOf(deleting, locale.language) })}
          confirmLabel={t('admin.common.delete')}
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('admin.apps.deleteBody', { name: nameOf(deleting, locale.language) })}</p>
        </ConfirmDialog>
      )}
      <AdminNotice notice={notice} onDismiss={() => setNotice(null)} />
    </main>
  );
}

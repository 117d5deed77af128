import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../../shared/api/schemas.js';
import { LocaleProvider } from '../../lib/i18n.js';
import { server } from '../../test-support/server.js';
import { createFakeAdminApi } from '../../test-support/fake-admin-api.js';
import { makeAdminApp } from '../../test-support/admin-fixtures.js';
import { localeFor } from '../../test-support/messages.js';
import { AdminConsole } from './admin-console.js';

const renderHome = (apps: readonly App[]) => apps.map((app) => <p key={app.id}>{app.name}</p>);

function renderIn(language: 'de' | 'ar') {
  return render(
    <LocaleProvider locale={localeFor(language)}>
      <AdminConsole renderCard={(app) => <p>{app.name}</p>} renderHome={renderHome} />
    </LocaleProvider>,
  );
}

beforeEach(() => {
  server.use(
    ...createFakeAdminApi([
      makeAdminApp({ id: 'galaxy', name: 'Galaxy', updatedAt: '2026-11-23T12:03:00.000Z' }),
      makeAdminApp({ id: 'omero', name: 'OMERO', isPublic: false, status: 0 }),
      makeAdminApp({ id: 'igv', name: 'IGV', env: 'dev' }),
    ]).handlers,
    // The app form reads the networks (its addresses per network).
    http.get('/api/admin/networks', () => HttpResponse.json({ networks: [] })),
  );
});

describe('the admin console in another language', () => {
  it('speaks German: tabs, table, plurals, dates, the dialog and the toast', async () => {
    renderIn('de');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin-Konsole' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Bereiche der Admin-Konsole' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Apps',
      'Papierkorb',
      'Hinweise',
      'Erscheinungsbild',
      'Netzwerke',
      'Gruppenkanäle',
      'Änderungsprotokoll',
      'Zustellungen',
      'Ansehen als…',
      'Import & Export',
    ]);
    const galaxy = (await screen.findByRole('rowheader', { name: /Galaxy/ })).closest('tr')!;
    expect(screen.getByText('3 Apps')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Umgebung/ })).toBeInTheDocument();
    // Dates in German order (day.month.year), whatever the time zone.
    expect(galaxy).toHaveTextContent(/2[34]\.11\.2026/);
    expect(galaxy).toHaveTextContent('von catalog-file');
    expect(galaxy).toHaveTextContent('Produktiv');
    expect(screen.getByRole('rowheader', { name: /OMERO/ }).closest('tr')).toHaveTextContent(
      /Verborgen.*Ausgefallen/,
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter' }), 'omero');
    expect(screen.getByText('1 von 3 Apps')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter' }));

    await userEvent.click(screen.getByRole('button', { name: 'Galaxy löschen' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Galaxy löschen?' });
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(
      await screen.findByText('Galaxy gelöscht. Die App bleibt 30 Tage im Papierkorb.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rückgängig' })).toBeInTheDocument();
    expect(screen.getByText('2 Apps')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Papierkorb' }));
    expect(await screen.findByRole('list', { name: 'Gelöschte Apps' })).toHaveTextContent(
      /Gelöscht am .* von admin; endgültige Löschung am/,
    );
  });

  it('moves between tabs by the arrows as they point, right to left in Arabic', async () => {
    renderIn('ar');
    const apps = screen.getByRole('tab', { name: 'التطبيقات' });
    apps.focus();
    // The next tab is to the left of the current one.
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'سلة المحذوفات' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(apps).toHaveFocus();
    expect(await screen.findByText('3 تطبيقات')).toBeInTheDocument();
  });
});

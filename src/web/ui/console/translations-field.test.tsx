import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminApp } from '../../../shared/api/admin-schemas.js';
import type { App } from '../../../shared/api/schemas.js';
import { createLocale, LocaleProvider } from '../../lib/i18n.js';
import { messagesOf } from '../../test-support/messages.js';
import { server } from '../../test-support/server.js';
import { createFakeAdminApi } from '../../test-support/fake-admin-api.js';
import { makeAdminApp } from '../../test-support/admin-fixtures.js';
import { AdminConsole } from '../../app/admin-console/admin-console.js';
import { AppForm } from '../../features/admin-apps/components/app-form.js';

const renderCard = (app: App) => <article key={app.id} aria-label={`Card ${app.name}`} />;

let patches: Record<string, unknown>[];

function serve(app: AdminApp) {
  patches = [];
  const fake = createFakeAdminApi([app]);
  server.use(
    http.patch(`/api/admin/apps/${app.id}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      const saved = { ...app, ...body, version: app.version + 1 } as AdminApp;
      return HttpResponse.json(saved as unknown as JsonBodyType);
    }),
    ...fake.handlers,
  );
}

const adminConsole = () => (
  <AdminConsole renderCard={renderCard} renderHome={() => null} onCatalogChanged={() => {}} />
);

describe('the app form’s translations', () => {
  beforeEach(() => serve(makeAdminApp({ id: 'igv', name: 'IGV', description: 'Genome browser' })));

  it('sends a map when a translation is typed, and a string when none is', async () => {
    const user = userEvent.setup();
    render(adminConsole());
    await user.click(await screen.findByRole('button', { name: 'Edit IGV' }));
    await user.click(screen.getByText(/^Description: translations/));
    const german = screen.getByRole('textbox', { name: 'Description in Deutsch' });
    expect(german).toHaveAttribute('lang', 'de');
    expect(german).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('textbox', { name: 'Description in العربية' })).toHaveAttribute(
      'lang',
      'ar',
    );
    await user.type(german, 'Genombrowser');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({
      description: { en: 'Genome browser', de: 'Genombrowser' },
    });
    expect(patches[0]).not.toHaveProperty('name');
  });
});

describe('an app whose texts are given per language', () => {
  beforeEach(() =>
    serve(
      makeAdminApp({
        id: 'igv',
        name: 'IGV',
        description: { en: 'Genome browser', fr: 'Navigateur de génomes' },
      }),
    ),
  );

  it('shows the default text in the main field and the others as translations', async () => {
    const user = userEvent.setup();
    render(adminConsole());
    await user.click(await screen.findByRole('button', { name: 'Edit IGV' }));
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Genome browser');
    const summary = screen.getByText('Description: translations (1 language)');
    const details = summary.closest('details') as HTMLElement;
    expect(details).toHaveAttribute('open');
    expect(within(details).getByRole('textbox', { name: 'Description in Français' })).toHaveValue(
      'Navigateur de génomes',
    );
    // Emptying the last translation sends one string again.
    await user.clear(within(details).getByRole('textbox', { name: 'Description in Français' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ description: 'Genome browser' });
  });

  it('is in German in a German console', async () => {
    const app = makeAdminApp({
      id: 'igv',
      name: 'IGV',
      description: { en: 'Genome browser', fr: 'Navigateur de génomes' },
    });
    render(
      <LocaleProvider locale={createLocale('de', messagesOf('de'))}>
        <AppForm
          app={app}
          knownGroups={[]}
          categories={[]}
          renderCard={renderCard}
          onSaved={() => {}}
          onCancel={() => {}}
        />
      </LocaleProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'IGV bearbeiten' })).toBeVisible();
    expect(screen.getByText('Beschreibung: Übersetzungen (1 Sprache)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Änderungen speichern' })).toBeVisible();
  });
});

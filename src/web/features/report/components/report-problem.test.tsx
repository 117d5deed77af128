import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppCard } from '../../catalog/components/app-card.js';
import { makeApp } from '../../../test-support/fixtures.js';
import { server } from '../../../test-support/server.js';
import { canReport } from '../utils/report-address.js';
import { ReportProblem } from './report-problem.js';

// "Report a problem" on a card (docs/networks.md, "Reporting a problem"): a button named with
// the app, a dialog with the message, the outcome said politely or the refusal in the dialog.

const GALAXY = makeApp({
  id: 'galaxy',
  name: 'Galaxy',
  links: [{ kind: 'support', url: 'mailto:galaxy-help@example.edu', label: 'Galaxy team' }],
});

function renderCard() {
  return render(
    <AppCard app={GALAXY} status={<span>status</span>} report={<ReportProblem app={GALAXY} />} />,
  );
}

function errorBody(status: number, code: string, headers: Record<string, string> = {}) {
  return HttpResponse.json(
    { status, code, message: 'English for machines', data: {} },
    { status, headers },
  );
}

describe('canReport', () => {
  it.each([
    ['a support mailto: address', [{ kind: 'support', url: 'mailto:help@example.edu' }], true],
    ['with a query', [{ kind: 'support', url: 'mailto:help@example.edu?subject=x' }], true],
    ['a support web page', [{ kind: 'support', url: 'https://help.example.edu/' }], false],
    ['a mailto: of another kind', [{ kind: 'other', url: 'mailto:help@example.edu' }], false],
    ['no address', [{ kind: 'support', url: 'mailto:' }], false],
    ['no links', undefined, false],
  ] as const)('%s: %s', (_case, links, expected) => {
    expect(canReport({ links: links?.map((link) => ({ ...link })) })).toBe(expected);
  });
});

describe('Report a problem', () => {
  it('opens a labelled dialog from a button named with the app; Cancel closes it and gives focus back', async () => {
    const user = userEvent.setup();
    renderCard();
    const card = screen.getByRole('article', { name: 'Galaxy' });
    const open = within(card).getByRole('button', { name: 'Report a problem with Galaxy' });
    expect(open).toHaveAttribute('aria-haspopup', 'dialog');
    // Keyboard: focus and Enter.
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with Galaxy' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The focus moves in once the dialog has painted (Preact runs effects after a paint).
    await waitFor(() => expect(within(dialog).getByLabelText('What went wrong?')).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('requires a message, sends it trimmed and says politely that the report went out', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/apps/galaxy/report', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ queued: true }, { status: 202 });
      }),
    );
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Report a problem with Galaxy' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Write what went wrong (required).')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('What went wrong?'), '  Uploads hang.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ message: 'Uploads hang.' }]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your report was sent to the people who run Galaxy.',
    );
  });

  it.each([
    [429, 'too_many_reports', 'You have sent several reports in a short time.'],
    [409, 'no_support_address', 'This app has no support e-mail address'],
    [404, 'not_found', 'The requested resource wasn'],
  ])('shows a %i (%s) in the dialog, which stays open', async (status, code, text) => {
    const user = userEvent.setup();
    server.use(
      http.post('/api/apps/galaxy/report', () =>
        errorBody(status, code, status === 429 ? { 'retry-after': '1800' } : {}),
      ),
    );
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Report a problem with Galaxy' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('What went wrong?'), 'Broken');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('adds two elements to the card', () => {
    const without = render(<AppCard app={GALAXY} status={<span>status</span>} />);
    const before = without.container.querySelectorAll('article *').length;
    without.unmount();
    renderCard();
    const after = document.querySelectorAll('article *').length;
    expect(after - before).toBe(2);
  });
});

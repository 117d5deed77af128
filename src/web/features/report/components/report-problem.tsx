import { lazy, Suspense, useState } from 'react';
import { useT } from '../../../lib/i18n.js';

// The dialog loads when someone opens it: the home page carries only the button.
const ReportDialog = lazy(() => import('./report-dialog.js'));

/**
 * "Report a problem" on the card of an app with a support e-mail address (docs/networks.md,
 * "Reporting a problem"), for signed-in people: a button named with the app that opens the
 * dialog, and a polite status saying the report went out: two elements of the card's grid, the
 * status out of its flow (visually hidden) until it has something to say.
 */
export function ReportProblem({ app }: { app: { id: string; name: string } }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <button
        type="button"
        className="app-report btn btn-ghost btn-xs w-max"
        aria-haspopup="dialog"
        aria-label={t('report.openLabel', { app: app.name })}
        onClick={() => {
          setSent(false);
          setOpen(true);
        }}
      >
        {t('report.open')}
      </button>
      <span role="status" className={sent ? 'text-xs' : 'sr-only'}>
        {sent ? t('report.sent', { app: app.name }) : ''}
      </span>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            app={app}
            onSent={() => {
              setOpen(false);
              setSent(true);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

import Download from 'lucide-react/icons/download';
import FileCheck from 'lucide-react/icons/file-check';
import Upload from 'lucide-react/icons/upload';
import { useState } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { ImportResult } from '../../../../shared/api/admin-schemas.js';
import { errorText } from '../../../lib/error-text.js';
import { useLocale, useT } from '../../../lib/i18n.js';
import { problemsOf } from '../../../lib/console/admin-errors.js';
import { labelOf } from '../../../lib/console/field-labels.js';
import { exportUrl, importCatalog } from '../api/history-api.js';
import { readable } from '../utils/audit-diff.js';

export interface ImportExportProps {
  /** After an import was applied: say so (the console reloads its lists: no app is answered). */
  onImported(message: string): void;
}

function Diff({ result }: { result: ImportResult }) {
  const t = useT();
  const nothing = result.add.length + result.change.length + result.delete.length === 0;
  return (
    <div className="flex flex-col gap-3">
      {nothing && <p>{t('admin.import.nothing')}</p>}
      {result.add.length > 0 && (
        <section aria-label={t('admin.import.addLabel')}>
          <h4 className="font-semibold">{t('admin.import.add', { count: result.add.length })}</h4>
          <ul className="list-inside list-disc">
            {result.add.map((app) => (
              <li key={app.id}>
                {app.name} ({app.id})
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.change.length > 0 && (
        <section aria-label={t('admin.import.changeLabel')}>
          <h4 className="font-semibold">
            {t('admin.import.change', { count: result.change.length })}
          </h4>
          <ul className="flex flex-col gap-2">
            {result.change.map((app) => (
              <li key={app.id}>
                {app.name} ({app.id})
                <ul className="ms-4 list-inside list-disc text-sm">
                  {app.fields.map((change) => (
                    <li key={change.field}>
                      {t('admin.import.fieldChange', {
                        field: labelOf(t, change.field),
                        before: readable(t, change.before),
                        after: readable(t, change.after),
                      })}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.delete.length > 0 && (
        <section aria-label={t('admin.import.deleteLabel')}>
          <h4 className="font-semibold">
            {t('admin.import.delete', { count: result.delete.length })}
          </h4>
          <ul className="list-inside list-disc">
            {result.delete.map((app) => (
              <li key={app.id}>
                {app.name} ({app.id})
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="text-base-content/75 text-sm">
        {t('admin.import.unchanged', { count: result.unchanged })}
      </p>
    </div>
  );
}

/**
 * Export the catalog as a YAML catalog file (or a zip with the logos), and import one: the file
 * is first checked (a dry run that shows the diff), then applied in one go on request.
 */
export function ImportExport({ onImported }: ImportExportProps) {
  const locale = useLocale();
  const { t } = locale;
  const [file, setFile] = useState<File | null>(null);
  const [prune, setPrune] = useState(false);
  const [diff, setDiff] = useState<ImportResult | null>(null);
  const [error, setError] = useState<{ message: string; problems: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const fileId = useId();
  const hintId = useId();

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const result = await importCatalog(file, { dryRun, prune });
      if (dryRun) setDiff(result);
      else {
        setDiff(null);
        setFile(null);
        onImported(
          t('admin.import.imported', {
            file: file.name,
            added: result.add.length,
            changed: result.change.length,
            deleted: result.delete.length,
          }),
        );
      }
    } catch (failure) {
      setError({ message: errorText(locale, failure), problems: problemsOf(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby={`${fileId}-export`} className="flex flex-col gap-2">
        <h2 id={`${fileId}-export`} className="text-lg font-semibold">
          {t('admin.import.exportHeading')}
        </h2>
        <p className="text-sm">{t('admin.import.exportIntro', { format: 'CATALOG_FILE' })}</p>
        <div className="flex flex-wrap gap-2">
          <a className="btn btn-sm" href={exportUrl({ logos: false })} download>
            <Download aria-hidden="true" className="size-4" />
            {t('admin.import.downloadYaml')}
          </a>
          <a className="btn btn-sm" href={exportUrl({ logos: true })} download>
            <Download aria-hidden="true" className="size-4" />
            {t('admin.import.downloadZip')}
          </a>
        </div>
      </section>
      <section aria-labelledby={`${fileId}-import`} className="flex flex-col gap-3">
        <h2 id={`${fileId}-import`} className="text-lg font-semibold">
          {t('admin.import.importHeading')}
        </h2>
        <label htmlFor={fileId} className="text-sm font-medium">
          {t('admin.import.file')}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".yaml,.yml,.zip,application/yaml,text/yaml,application/zip"
          aria-describedby={hintId}
          className="file-input file-input-bordered file-input-sm w-full max-w-md"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            setDiff(null);
            setError(null);
            setFile(chosen ?? null);
          }}
        />
        <p id={hintId} className="text-base-content/75 text-xs">
          {t('admin.import.fileHint')}
        </p>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={prune}
            onChange={(event) => {
              setPrune(event.target.checked);
              setDiff(null);
            }}
          />
          {t('admin.import.prune')}
        </label>
        <div>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={!file || busy}
            onClick={() => void run(true)}
          >
            <FileCheck aria-hidden="true" className="size-4" />
            {t('admin.import.check')}
          </button>
        </div>
        {error && (
          <div role="alert" className="alert alert-error flex flex-col items-start">
            <p>{error.message}</p>
            {error.problems.length > 0 && (
              <ul className="list-inside list-disc text-sm">
                {error.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <p role="status" className="sr-only">
          {diff &&
            t('admin.import.checked', {
              added: diff.add.length,
              changed: diff.change.length,
              deleted: diff.delete.length,
            })}
        </p>
        {diff && file && (
          <section
            aria-label={t('admin.import.diffLabel')}
            className="border-base-300 flex flex-col gap-3 rounded-lg border p-4"
          >
            <h3 className="font-semibold">{t('admin.import.diffHeading', { file: file.name })}</h3>
            <Diff result={diff} />
          </section>
        )}
        {diff && file && diff.add.length + diff.change.length + diff.delete.length > 0 && (
          <div>
            <button
              type="button"
              className="btn btn-sm btn-warning"
              disabled={busy}
              onClick={() => void run(false)}
            >
              <Upload aria-hidden="true" className="size-4" />
              {t('admin.import.apply')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

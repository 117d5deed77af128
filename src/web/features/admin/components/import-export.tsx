import { Download, FileCheck, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import type { ImportResult } from '../../../../shared/api/admin-schemas.js';
import { exportUrl, importCatalog, messageOf, problemsOf } from '../api/admin-api.js';
import { readable } from '../utils/audit-diff.js';

export interface ImportExportProps {
  /** After an import was applied: say so (the console reloads its lists: no app is answered). */
  onImported(message: string): void;
}

function Diff({ result }: { result: ImportResult }) {
  const nothing = result.add.length + result.change.length + result.delete.length === 0;
  return (
    <div className="flex flex-col gap-3">
      {nothing && <p>Nothing to change: the portal already matches the file.</p>}
      {result.add.length > 0 && (
        <section aria-label="Apps to add">
          <h4 className="font-semibold">Add {result.add.length}</h4>
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
        <section aria-label="Apps to change">
          <h4 className="font-semibold">Change {result.change.length}</h4>
          <ul className="flex flex-col gap-2">
            {result.change.map((app) => (
              <li key={app.id}>
                {app.name} ({app.id})
                <ul className="ml-4 list-inside list-disc text-sm">
                  {app.fields.map((change) => (
                    <li key={change.field}>
                      {change.field}: {readable(change.before)} → {readable(change.after)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.delete.length > 0 && (
        <section aria-label="Apps to delete">
          <h4 className="font-semibold">Delete {result.delete.length} (to the trash)</h4>
          <ul className="list-inside list-disc">
            {result.delete.map((app) => (
              <li key={app.id}>
                {app.name} ({app.id})
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="text-base-content/75 text-sm">{result.unchanged} unchanged.</p>
    </div>
  );
}

/**
 * Export the catalog as a YAML catalog file (or a zip with the logos), and import one: the file
 * is first checked (a dry run that shows the diff), then applied in one go on request.
 */
export function ImportExport({ onImported }: ImportExportProps) {
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
          `Imported ${file.name}: ${result.add.length} added, ${result.change.length} changed, ${result.delete.length} deleted.`,
        );
      }
    } catch (failure) {
      setError({ message: messageOf(failure), problems: problemsOf(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby={`${fileId}-export`} className="flex flex-col gap-2">
        <h2 id={`${fileId}-export`} className="text-lg font-semibold">
          Export
        </h2>
        <p className="text-sm">
          The whole catalog as a catalog file (the <code>CATALOG_FILE</code> format); loading it
          into an empty portal gives the same catalog.
        </p>
        <div className="flex flex-wrap gap-2">
          <a className="btn btn-sm" href={exportUrl({ logos: false })} download>
            <Download aria-hidden="true" className="size-4" />
            Download YAML
          </a>
          <a className="btn btn-sm" href={exportUrl({ logos: true })} download>
            <Download aria-hidden="true" className="size-4" />
            Download ZIP with logos
          </a>
        </div>
      </section>
      <section aria-labelledby={`${fileId}-import`} className="flex flex-col gap-3">
        <h2 id={`${fileId}-import`} className="text-lg font-semibold">
          Import
        </h2>
        <label htmlFor={fileId} className="text-sm font-medium">
          Catalog file (YAML, or a .zip export with logos)
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
          Nothing changes until you apply: checking the file only shows what it would change.
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
          Also delete the apps the file does not list (they go to the trash)
        </label>
        <div>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={!file || busy}
            onClick={() => void run(true)}
          >
            <FileCheck aria-hidden="true" className="size-4" />
            Check the file
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
            `Checked: ${diff.add.length} to add, ${diff.change.length} to change, ${diff.delete.length} to delete.`}
        </p>
        {diff && file && (
          <section
            aria-label="What the import changes"
            className="border-base-300 flex flex-col gap-3 rounded-lg border p-4"
          >
            <h3 className="font-semibold">What importing {file.name} changes</h3>
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
              Apply these changes
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

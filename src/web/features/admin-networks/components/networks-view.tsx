import Plus from 'lucide-react/icons/plus';
import Undo2 from 'lucide-react/icons/undo-2';
import { useT } from '../../../lib/i18n.js';
import { ERROR_TEXT } from '../../../ui/console/form-field.js';
import { useId } from '../../../ui/use-id.js';
import { useNetworksForm } from '../hooks/use-networks-form.js';
import { networkMessage, type NetworkRow } from '../utils/network-values.js';
import { NetworkFieldset, rowTitle } from './network-fieldset.js';

export interface NetworksViewProps {
  onChanged(message: string): void;
}

/** A network removed in the form: kept, with Undo, until the list is saved. */
function RemovedNetwork({
  row,
  index,
  problems,
  onUndo,
}: {
  row: NetworkRow;
  index: number;
  problems: readonly string[] | undefined;
  onUndo(): void;
}) {
  const t = useT();
  const problemId = useId();
  const title = rowTitle(t, row, index);
  const problem = problems?.length ? networkMessage(t, title, problems) : undefined;
  return (
    <div className="border-base-300 flex flex-wrap items-center gap-2 rounded-lg border border-dashed p-3">
      <p className="min-w-0 flex-1 break-words">
        {t('admin.networks.removed', { name: title, id: row.savedId })}
      </p>
      <button
        type="button"
        data-network-undo={row.key}
        {...(problem ? { 'data-network-problem': '', 'aria-describedby': problemId } : {})}
        className="btn btn-sm"
        aria-label={t('admin.networks.undoLabel', { name: title })}
        onClick={onUndo}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        {t('admin.networks.undo')}
      </button>
      {problem && (
        <p id={problemId} className={`w-full text-sm ${ERROR_TEXT}`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The Networks tab (docs/networks.md): the networks visitors may come from, each with its ranges
 * and help link, in order; saved as a whole list, checked with the server's rules first. State
 * and saving are in hooks/use-networks-form.ts.
 */
export function NetworksView({ onChanged }: NetworksViewProps) {
  const t = useT();
  const headingId = useId();
  const form = useNetworksForm({ onChanged });
  const { rows, problems, limits } = form;

  if (form.loadError) {
    return (
      <p role="alert" className="alert alert-error">
        {form.loadError}
      </p>
    );
  }
  if (!rows || !limits) return <p role="status">{t('admin.networks.loading')}</p>;

  const problemsOf = (row: NetworkRow) =>
    Object.fromEntries(
      Object.entries(problems.fields)
        .filter(([key]) => key.startsWith(`${row.key}.`))
        .map(([key, messages]) => [key.slice(row.key.length + 1), messages]),
    );
  const anyProblem = problems.general.length > 0 || Object.keys(problems.fields).length > 0;
  const shown = rows.filter((row) => !row.removed).length;

  return (
    <form
      ref={form.refs.form}
      aria-labelledby={headingId}
      className="flex max-w-3xl flex-col gap-4"
      noValidate
      onSubmit={(event) => void form.submit(event)}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('admin.networks.heading')}
      </h2>
      <p className="text-base-content/75 text-sm">{t('admin.networks.intro')}</p>
      <div ref={form.refs.summary} tabIndex={-1} role="alert" className="outline-none">
        {form.failure ? (
          <p className="alert alert-error">{form.failure}</p>
        ) : (
          anyProblem && (
            <div className={`flex flex-col gap-1 ${ERROR_TEXT}`}>
              <p>{t('admin.networks.problems')}</p>
              {problems.general.length > 0 && (
                <ul className="list-disc ps-6 text-sm">
                  {/* Problems of the whole list, as the server words them. */}
                  {problems.general.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </div>
          )
        )}
      </div>
      {rows.length === 0 ? (
        <p className="text-base-content/75">{t('admin.networks.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('admin.networks.listLabel')}>
          {rows.map((row, index) => (
            <li key={row.key}>
              {row.removed ? (
                <RemovedNetwork
                  row={row}
                  index={index}
                  problems={problems.fields[`${row.key}.row`]}
                  onUndo={() => form.undo(row.key)}
                />
              ) : (
                <NetworkFieldset
                  row={row}
                  index={index}
                  count={rows.length}
                  limits={limits}
                  problems={problemsOf(row)}
                  onChange={(field, value) => form.setField(row.key, field, value)}
                  onMove={(by) => form.move(row.key, by)}
                  onRemove={() => form.remove(row.key)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          data-network-add=""
          className="btn btn-sm"
          disabled={shown >= limits.networks}
          onClick={form.add}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.networks.add')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={form.busy}>
          {form.busy ? t('admin.networks.saving') : t('admin.networks.save')}
        </button>
      </div>
    </form>
  );
}

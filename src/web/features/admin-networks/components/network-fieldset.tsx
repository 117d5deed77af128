import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Trash2 from 'lucide-react/icons/trash-2';
import { useT, type Translate } from '../../../lib/i18n.js';
import { ERROR_TEXT, FormField } from '../../../ui/console/form-field.js';
import { useId } from '../../../ui/use-id.js';
import {
  networkMessage,
  type NetworkField,
  type NetworkLimits,
  type NetworkRow,
} from '../utils/network-values.js';

export interface NetworkFieldsetProps {
  row: NetworkRow;
  /** Its place in the list (from 0) and the list's length: the move buttons' ends. */
  index: number;
  count: number;
  /** The rules' limits: lengths and the number of ranges. */
  limits: NetworkLimits;
  /** The rules' and the server's problems of this row, by field (`row`: the whole network). */
  problems: Readonly<Record<string, readonly string[]>>;
  onChange(field: NetworkField, value: string): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/** What the row is called: its name as typed, else its place ("Network 3"). */
export function rowTitle(t: Translate, row: NetworkRow, index: number): string {
  return row.name.trim() || t('admin.networks.untitled', { number: index + 1 });
}

/**
 * One network of the Networks tab: id, name, ranges, help link and text, each labelled with its
 * hint and problem under it; buttons to move it up or down (the order breaks ties) and remove it.
 */
export function NetworkFieldset({
  row,
  index,
  count,
  limits,
  problems,
  onChange,
  onMove,
  onRemove,
}: NetworkFieldsetProps) {
  const t = useT();
  const title = rowTitle(t, row, index);
  const rowProblemId = useId();
  const label: Record<NetworkField, string> = {
    id: t('admin.networks.field.id'),
    name: t('admin.networks.field.name'),
    ranges: t('admin.networks.field.ranges'),
    help: t('admin.networks.field.help'),
    helpText: t('admin.networks.field.helpText'),
  };
  const error = (field: NetworkField) => {
    const messages = problems[field];
    return messages?.length ? networkMessage(t, label[field], messages) : undefined;
  };
  const input = (field: NetworkField) => ({
    value: row[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  const rowProblem = problems.row?.length ? networkMessage(t, title, problems.row) : undefined;

  return (
    <fieldset
      data-network={row.key}
      className="border-base-300 flex min-w-0 flex-col gap-3 rounded-lg border p-3"
      {...(rowProblem ? { 'aria-describedby': rowProblemId } : {})}
    >
      <legend className="px-1 font-semibold break-words">{title}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={label.id} hint={t('admin.networks.id.hint')} error={error('id')}>
          {(ids) => (
            <input
              {...ids}
              {...input('id')}
              dir="ltr"
              required
              autoComplete="off"
              spellCheck={false}
              className="input input-bordered w-full"
            />
          )}
        </FormField>
        <FormField label={label.name} error={error('name')}>
          {(ids) => (
            <input
              {...ids}
              {...input('name')}
              dir="auto"
              required
              maxLength={limits.name}
              className="input input-bordered w-full"
            />
          )}
        </FormField>
      </div>
      <FormField
        label={label.ranges}
        hint={t('admin.networks.ranges.hint', { max: limits.ranges })}
        error={error('ranges')}
      >
        {(ids) => (
          <textarea
            {...ids}
            {...input('ranges')}
            dir="ltr"
            rows={3}
            required
            spellCheck={false}
            className="textarea textarea-bordered w-full font-mono"
          />
        )}
      </FormField>
      <FormField label={label.help} hint={t('admin.networks.help.hint')} error={error('help')}>
        {(ids) => (
          <input
            {...ids}
            {...input('help')}
            type="url"
            dir="ltr"
            className="input input-bordered w-full"
          />
        )}
      </FormField>
      <FormField
        label={label.helpText}
        hint={t('admin.networks.helpText.hint')}
        error={error('helpText')}
      >
        {(ids) => (
          <textarea
            {...ids}
            {...input('helpText')}
            dir="auto"
            rows={2}
            maxLength={limits.helpText}
            className="textarea textarea-bordered w-full"
          />
        )}
      </FormField>
      {rowProblem && (
        <p id={rowProblemId} className={`text-sm ${ERROR_TEXT}`}>
          {rowProblem}
        </p>
      )}
      <div className="flex flex-wrap gap-1">
        <button
          type="button"
          data-network-move={`${row.key}:-1`}
          className="btn btn-ghost btn-sm"
          disabled={index === 0}
          aria-label={t('admin.networks.moveUp', { name: title })}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
          {t('admin.networks.up')}
        </button>
        <button
          type="button"
          data-network-move={`${row.key}:1`}
          className="btn btn-ghost btn-sm"
          disabled={index === count - 1}
          aria-label={t('admin.networks.moveDown', { name: title })}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          {t('admin.networks.down')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm ms-auto"
          aria-label={t('admin.networks.removeLabel', { name: title })}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('admin.networks.remove')}
        </button>
      </div>
    </fieldset>
  );
}

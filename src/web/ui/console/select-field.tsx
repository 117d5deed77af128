import { FormField } from './form-field.js';

/**
 * A labelled `<select>` of a fixed list (with FormField's hint and error), each choice shown
 * with its label: the console's environment and severity fields.
 */
export function SelectField<V extends string>({
  label,
  error,
  value,
  choices,
  labels,
  onChange,
  wide = false,
}: {
  label: string;
  error?: string | undefined;
  value: V;
  choices: readonly V[];
  labels: Readonly<Record<V, string>>;
  onChange(value: V): void;
  /** As wide as its column. */
  wide?: boolean;
}) {
  return (
    <FormField label={label} error={error}>
      {(ids) => (
        <select
          {...ids}
          className={wide ? 'select select-bordered w-full' : 'select select-bordered'}
          value={value}
          onChange={(event) => onChange(event.target.value as V)}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {labels[choice]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

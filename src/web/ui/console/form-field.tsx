import { type ReactElement, type ReactNode } from 'react';
import { useId } from '../use-id.js';

/** The colour of inline error text: readable (WCAG AA) on the light and the dark theme. */
export const ERROR_TEXT = 'text-red-700 dark:text-red-300';

export interface FieldIds {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A labelled form field with an optional hint and its error message right under it; the input
 * (rendered by `children` with the ids given) is described by both and marked invalid.
 */
export function FormField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children(ids: FieldIds): ReactElement;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint && (
        <p id={hintId} className="text-base-content/75 text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={`text-sm ${ERROR_TEXT}`}>
          {error}
        </p>
      )}
    </div>
  );
}

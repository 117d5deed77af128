import ImageUp from 'lucide-react/icons/image-up';
import X from 'lucide-react/icons/x';
import { useState, type DragEvent, type ReactNode } from 'react';
import { useId } from '../../../ui/use-id.js';
import { useT } from '../../../lib/i18n.js';
import { LOGO_ACCEPT, logoProblem } from '../../../lib/console/logo-file.js';

export interface LogoDropZoneProps {
  /** The logo shown now: the chosen file's preview, or the app's current logo. */
  previewUrl: string | undefined;
  appName: string;
  onChoose(file: File): void;
  /** Removes the logo (shown only when there is one). */
  onRemove(): void;
  /** A message about the last file (too big, not an image...). */
  problem: string | null;
  onProblem(message: string | null): void;
  /** Other ways to set the logo, under the zone (the icon picker). */
  children?: ReactNode;
}

/**
 * Where the logo is set: drop an image on the zone, or choose it with the file input (the
 * keyboard way). Files that cannot be logos are refused here with a reason; the server checks
 * the bytes again.
 */
export function LogoDropZone({
  previewUrl,
  appName,
  onChoose,
  onRemove,
  problem,
  onProblem,
  children,
}: LogoDropZoneProps) {
  const t = useT();
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();

  const take = (file: File | undefined) => {
    if (!file) return;
    const reason = logoProblem(file, t);
    onProblem(reason);
    if (!reason) onChoose(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('admin.apps.field.image')}</legend>
      <div
        data-testid="logo-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-wrap items-center gap-4 rounded-lg border-2 border-dashed p-4 ${
          dragging ? 'border-primary bg-primary/10' : 'border-base-300'
        }`}
      >
        {previewUrl ? (
          <img
            src={previewUrl}
            alt={t('admin.common.logoOf', { name: appName || t('admin.apps.new') })}
            width={64}
            height={64}
            className="size-16 rounded-lg object-contain"
          />
        ) : (
          <ImageUp aria-hidden="true" className="text-base-content/60 size-10" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p id={hintId} className="text-sm">
            {t('admin.logo.hint')}
          </p>
          <label htmlFor={inputId} className="sr-only">
            {t('admin.logo.file')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={LOGO_ACCEPT}
            className="file-input file-input-bordered file-input-sm w-full max-w-xs"
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              take(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {previewUrl && (
            <div>
              <button type="button" className="btn btn-ghost btn-xs" onClick={onRemove}>
                <X aria-hidden="true" className="size-3" />
                {t('admin.logo.remove')}
              </button>
            </div>
          )}
        </div>
      </div>
      {children}
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

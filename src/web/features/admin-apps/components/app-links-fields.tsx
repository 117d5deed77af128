import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useRef } from 'react';
import { LINK_KINDS, LINK_LIMITS, type LinkKind } from '../../../../shared/catalog/app-links.js';
import { useLocale } from '../../../lib/i18n.js';
import { ERROR_TEXT, FormField } from '../../../ui/console/form-field.js';
import { SelectField } from '../../../ui/console/select-field.js';
import { useId } from '../../../ui/use-id.js';
import type { AppLists } from '../hooks/use-app-lists.js';

export interface AppLinksFieldsProps {
  lists: AppLists;
  onBlur(): void;
}

/**
 * The app's typed links (docs/networks.md): rows of a kind, a URL (a support contact may be a
 * mailto: address) and an optional label, each row a group of its own; add and remove buttons.
 * Rows left blank are not sent.
 */
export function AppLinksFields({ lists, onBlur }: AppLinksFieldsProps) {
  const { t } = useLocale();
  const own = useRef<HTMLFieldSetElement>(null);
  const hintId = useId();
  const rows = lists.values.links;
  const legend = t('admin.links.legend');
  const listError = lists.listError('links', legend);
  const kindLabels = Object.fromEntries(
    LINK_KINDS.map((kind) => [kind, t(`admin.links.kind.${kind}`)]),
  ) as Record<LinkKind, string>;
  const label = {
    kind: t('admin.links.kindLabel'),
    url: t('admin.links.url'),
    label: t('admin.links.label'),
  };
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => own.current?.querySelector<HTMLElement>(selector)?.focus());

  return (
    <fieldset ref={own} aria-describedby={hintId} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <p id={hintId} className="text-base-content/75 text-xs">
        {t('admin.links.hint')}
      </p>
      {rows.length > 0 && (
        <ol className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const name = t('admin.links.entry', { number: index + 1 });
            return (
              <li key={row.key} data-link={row.key}>
                <fieldset className="border-base-300 grid min-w-0 items-start gap-2 rounded-lg border p-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,1fr)]">
                  <legend className="px-1 text-sm">{name}</legend>
                  <SelectField<LinkKind>
                    label={label.kind}
                    error={lists.linkError(row.key, 'kind', label.kind)}
                    value={row.kind}
                    choices={LINK_KINDS}
                    labels={kindLabels}
                    onChange={(kind) => lists.setLink(row.key, 'kind', kind)}
                    wide
                  />
                  <FormField label={label.url} error={lists.linkError(row.key, 'url', label.url)}>
                    {(ids) => (
                      <input
                        {...ids}
                        dir="ltr"
                        inputMode="url"
                        className="input input-bordered w-full"
                        value={row.url}
                        onChange={(event) => lists.setLink(row.key, 'url', event.target.value)}
                        onBlur={onBlur}
                      />
                    )}
                  </FormField>
                  <FormField
                    label={label.label}
                    error={lists.linkError(row.key, 'label', label.label)}
                  >
                    {(ids) => (
                      <input
                        {...ids}
                        dir="auto"
                        maxLength={LINK_LIMITS.label}
                        className="input input-bordered w-full"
                        value={row.label}
                        onChange={(event) => lists.setLink(row.key, 'label', event.target.value)}
                        onBlur={onBlur}
                      />
                    )}
                  </FormField>
                  <div className="sm:col-span-3">
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={t('admin.links.removeLabel', { name })}
                      onClick={() => {
                        lists.removeLink(row.key);
                        focusLater('[data-link-add]');
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('admin.links.remove')}
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {listError && <p className={`text-sm ${ERROR_TEXT}`}>{listError}</p>}
      <div>
        <button
          type="button"
          data-link-add=""
          className="btn btn-sm"
          disabled={rows.length >= LINK_LIMITS.links}
          onClick={() => {
            const key = lists.addLink();
            focusLater(`[data-link="${key}"] select`);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.links.add')}
        </button>
      </div>
    </fieldset>
  );
}

import { useLocale } from '../../../lib/i18n.js';
import { ERROR_TEXT, FormField } from '../../../ui/console/form-field.js';
import { useId } from '../../../ui/use-id.js';
import type { AppLists } from '../hooks/use-app-lists.js';

export interface AppAddressesFieldsProps {
  lists: AppLists;
  onBlur(): void;
}

/**
 * The app's address on each network admins define (docs/networks.md): one URL input per network,
 * labelled with its name, in the networks' order; empty means no address there. An address of a
 * network the list lacks (it could not be loaded) keeps a row of its own, named by its id.
 */
export function AppAddressesFields({ lists, onBlur }: AppAddressesFieldsProps) {
  const { t } = useLocale();
  const { networks, networkIds, values } = lists;
  const legend = t('admin.addresses.legend');
  const hintId = useId();
  const listError = lists.listError('addresses', legend);
  return (
    <fieldset aria-describedby={hintId} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <p id={hintId} className="text-base-content/75 text-xs">
        {t('admin.addresses.hint')}
      </p>
      {lists.networksError !== null && (
        <p className={`text-sm ${ERROR_TEXT}`}>
          {t('admin.addresses.loadFailed', { error: lists.networksError })}
        </p>
      )}
      {networks === null && lists.networksError === null && (
        <p role="status" className="text-sm">
          {t('admin.addresses.loading')}
        </p>
      )}
      {networks !== null && networkIds.length === 0 && (
        <p className="text-base-content/75 text-sm">{t('admin.addresses.none')}</p>
      )}
      {networkIds.map((id) => {
        const network = networks?.find((candidate) => candidate.id === id);
        const label = network ? network.name : t('admin.addresses.otherNetwork', { id });
        return (
          <FormField key={id} label={label} error={lists.addressError(id, label)}>
            {(ids) => (
              <input
                {...ids}
                type="url"
                dir="ltr"
                className="input input-bordered w-full"
                value={Object.hasOwn(values.addresses, id) ? values.addresses[id] : ''}
                onChange={(event) => lists.setAddress(id, event.target.value)}
                onBlur={onBlur}
              />
            )}
          </FormField>
        );
      })}
      {listError && <p className={`text-sm ${ERROR_TEXT}`}>{listError}</p>}
    </fieldset>
  );
}

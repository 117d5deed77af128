import { useT } from '../../../lib/i18n.js';
import {
  ACCESS_LABEL_IDS,
  ACCESS_LIMITS,
  type AccessField,
  type AccessFormValues,
} from '../utils/access-form-values.js';
import { FormField } from '../../../ui/console/form-field.js';
import { KnownGroups } from './known-groups.js';

export interface AccessSectionProps {
  values: AccessFormValues;
  set<K extends keyof AccessFormValues>(key: K, value: AccessFormValues[K]): void;
  touch(field: AccessField): void;
  errorOf(field: AccessField): string | undefined;
  knownGroups: readonly string[];
}

/**
 * The app form's "Access requests" settings (`access` of the admin API): whether signed-in
 * people outside its groups see a locked card and may ask, the group approving adds them to,
 * who approves besides admins, whether the card names them, and time-boxed access.
 */
export function AccessSection({ values, set, touch, errorOf, knownGroups }: AccessSectionProps) {
  const t = useT();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('admin.access.legend')}</legend>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={values.requestable}
          onChange={(event) => set('requestable', event.target.checked)}
        />
        {t('admin.access.requestableHint', { label: t(ACCESS_LABEL_IDS.requestable) })}
      </label>
      <FormField
        label={t(ACCESS_LABEL_IDS.group)}
        hint={t('admin.access.groupHint')}
        error={errorOf('group')}
      >
        {(ids) => (
          <input
            {...ids}
            value={values.group}
            maxLength={ACCESS_LIMITS.maxLength + 20}
            onChange={(event) => set('group', event.target.value)}
            onBlur={() => touch('group')}
            className="input input-bordered w-full"
          />
        )}
      </FormField>
      <KnownGroups
        known={knownGroups}
        label={t('admin.access.knownGroups')}
        selected={[values.group.trim()]}
        onToggle={(group) => {
          set('group', values.group.trim() === group ? '' : group);
          touch('group');
        }}
      />
      <FormField
        label={t(ACCESS_LABEL_IDS.approvers)}
        hint={t('admin.access.approversHint')}
        error={errorOf('approvers')}
      >
        {(ids) => (
          <input
            {...ids}
            value={values.approvers}
            onChange={(event) => set('approvers', event.target.value)}
            onBlur={() => touch('approvers')}
            className="input input-bordered w-full"
          />
        )}
      </FormField>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={values.showGroup}
          onChange={(event) => set('showGroup', event.target.checked)}
        />
        {t(ACCESS_LABEL_IDS.showGroup)}
      </label>
      <FormField
        label={t(ACCESS_LABEL_IDS.days)}
        hint={t('admin.access.daysHint', { max: ACCESS_LIMITS.maxDays })}
        error={errorOf('days')}
      >
        {(ids) => (
          <input
            {...ids}
            value={values.days}
            inputMode="numeric"
            onChange={(event) => set('days', event.target.value)}
            onBlur={() => touch('days')}
            className="input input-bordered w-full sm:w-40"
          />
        )}
      </FormField>
    </fieldset>
  );
}

import {
  NOTICE_AUDIENCE_KINDS,
  type NoticeAudienceKind,
} from '../../../../shared/notices/notice-audience.js';
import { useT } from '../../../lib/i18n.js';
import { FormField } from '../../../ui/console/form-field.js';
import { SelectField } from '../../../ui/console/select-field.js';

/** Group names typed in one field, separated by commas: trimmed, blanks left out. */
export function splitGroups(value: string): string[] {
  return value
    .split(',')
    .map((group) => group.trim())
    .filter(Boolean);
}

/** Who sees a notice (a select and, for groups, their names), and whether it must be accepted. */
export function NoticeAudienceFields({
  kind,
  groups,
  requireAck,
  mailAudience,
  error,
  onKind,
  onGroups,
  onRequireAck,
  onMailAudience,
}: {
  kind: NoticeAudienceKind;
  /** The group names as typed (comma-separated). */
  groups: string;
  requireAck: boolean;
  /** Mailed to the people of its audience when saved (docs/notifications.md). */
  mailAudience: boolean;
  error(field: string): string | undefined;
  onKind(kind: NoticeAudienceKind): void;
  onGroups(groups: string): void;
  onRequireAck(requireAck: boolean): void;
  onMailAudience(mailAudience: boolean): void;
}) {
  const t = useT();
  const kindLabels: Record<NoticeAudienceKind, string> = {
    everyone: t('admin.notices.audience.everyone'),
    'signed-in': t('admin.notices.audience.signedIn'),
    groups: t('admin.notices.audience.groups'),
  };
  return (
    <>
      <SelectField<NoticeAudienceKind>
        label={t('admin.notices.audience')}
        error={kind === 'groups' ? undefined : error('audience')}
        value={kind}
        choices={NOTICE_AUDIENCE_KINDS}
        labels={kindLabels}
        onChange={onKind}
      />
      {kind === 'groups' && (
        <FormField
          label={t('admin.notices.audience.groupNames')}
          hint={t('admin.notices.audience.groupNames.hint')}
          error={error('audience')}
        >
          {(ids) => (
            <input
              {...ids}
              className="input input-bordered w-full"
              value={groups}
              autoComplete="off"
              onChange={(event) => onGroups(event.target.value)}
            />
          )}
        </FormField>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={requireAck}
          onChange={(event) => onRequireAck(event.target.checked)}
        />
        {t('admin.notices.requireAck')}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={mailAudience}
          onChange={(event) => onMailAudience(event.target.checked)}
        />
        {t('admin.notices.mailAudience')}
      </label>
    </>
  );
}

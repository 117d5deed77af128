import Eye from 'lucide-react/icons/eye';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { App } from '../../../../shared/api/schemas.js';
import { errorText } from '../../../lib/error-text.js';
import { useLocale, type Translate } from '../../../lib/i18n.js';
import { previewApps, type Viewer } from '../api/apps-api.js';
import { splitGroups } from '../utils/app-form-values.js';
import { KnownGroups } from './known-groups.js';

export interface ViewAsProps {
  /** Group names to offer (typing others is allowed). */
  knownGroups: readonly string[];
  renderHome(apps: readonly App[]): ReactNode;
}

/** The values that name the viewer in the view-as messages (`{viewer, select, …}`). */
function viewerValues(viewer: Viewer) {
  if (viewer.anonymous) return { viewer: 'anonymous', groups: '' };
  if (viewer.groups.length === 0) return { viewer: 'nogroup', groups: '' };
  return { viewer: 'member', groups: viewer.groups.join(', ') };
}

function say(t: Translate, id: string, viewer: Viewer, values: Record<string, unknown> = {}) {
  return t(id, { ...viewerValues(viewer), ...values });
}

/**
 * "View as…": the home page as an anonymous visitor or a member of any groups would see it,
 * computed by the server (GET /api/admin/preview) and clearly marked as a preview.
 */
export function ViewAs({ knownGroups, renderHome }: ViewAsProps) {
  const locale = useLocale();
  const { t } = locale;
  const [anonymous, setAnonymous] = useState(false);
  const [groupText, setGroupText] = useState('');
  const [shown, setShown] = useState<{ viewer: Viewer; apps: App[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const groupsId = useId();
  const hintId = useId();
  const groups = splitGroups(groupText);

  const toggle = (group: string) =>
    setGroupText(
      (groups.includes(group) ? groups.filter((g) => g !== group) : [...groups, group]).join(', '),
    );

  const show = async (event: FormEvent) => {
    event.preventDefault();
    const viewer: Viewer = anonymous ? { anonymous: true } : { anonymous: false, groups };
    setBusy(true);
    try {
      setShown({ viewer, apps: await previewApps(viewer) });
      setError(null);
    } catch (failure) {
      setError(failure ?? new Error('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(event) => void show(event)} className="flex flex-col gap-3">
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('admin.viewAs.legend')}</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="viewer"
              className="radio radio-sm"
              checked={anonymous}
              onChange={() => setAnonymous(true)}
            />
            {t('admin.viewAs.anonymous')}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="viewer"
              className="radio radio-sm"
              checked={!anonymous}
              onChange={() => setAnonymous(false)}
            />
            {t('admin.viewAs.member')}
          </label>
        </fieldset>
        {!anonymous && (
          <div className="flex flex-col gap-2">
            <label htmlFor={groupsId} className="text-sm font-medium">
              {t('admin.apps.field.associatedGroups')}
            </label>
            <input
              id={groupsId}
              className="input input-bordered input-sm w-full max-w-md"
              aria-describedby={hintId}
              value={groupText}
              onChange={(event) => setGroupText(event.target.value)}
            />
            <p id={hintId} className="text-base-content/75 text-xs">
              {t('admin.viewAs.groupsHint')}
            </p>
            <KnownGroups known={knownGroups} selected={groups} onToggle={toggle} />
          </div>
        )}
        <div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            <Eye aria-hidden="true" className="size-4" />
            {t('admin.viewAs.show')}
          </button>
        </div>
      </form>
      {error !== null && (
        <p role="alert" className="alert alert-error">
          {errorText(locale, error)}
        </p>
      )}
      <div role="status" className="sr-only">
        {shown && say(t, 'admin.viewAs.ready', shown.viewer, { count: shown.apps.length })}
      </div>
      {shown && (
        <section
          aria-label={say(t, 'admin.viewAs.previewLabel', shown.viewer)}
          className="border-info flex flex-col gap-6 rounded-xl border-4 border-dashed p-4"
        >
          <p className="alert alert-info">
            <Eye aria-hidden="true" className="size-5" />
            <span>
              {/* "Preview" in bold, then the rest of the sentence (": the home page as…"). */}
              <strong>{t('admin.viewAs.preview')}</strong>
              {say(t, 'admin.viewAs.previewIntro', shown.viewer, { count: shown.apps.length })}
            </span>
          </p>
          {shown.apps.length === 0 ? (
            <p>{t('admin.viewAs.noApps')}</p>
          ) : (
            // The home page's own parts: admin.css's scope ends here (admin.css, `to`).
            <div className="shell-preview">{renderHome(shown.apps)}</div>
          )}
        </section>
      )}
    </div>
  );
}

import { Eye } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { App } from '../../../../shared/api/schemas.js';
import { messageOf, previewApps, type Viewer } from '../api/admin-api.js';
import { splitGroups } from '../utils/app-form-values.js';
import { KnownGroups } from './known-groups.js';

export interface ViewAsProps {
  /** Group names to offer (typing others is allowed). */
  knownGroups: readonly string[];
  renderHome(apps: readonly App[]): ReactNode;
}

function describe(viewer: Viewer): string {
  if (viewer.anonymous) return 'an anonymous visitor';
  if (viewer.groups.length === 0) return 'a signed-in user in no group';
  return `a signed-in member of ${viewer.groups.join(', ')}`;
}

/**
 * "View as…": the home page as an anonymous visitor or a member of any groups would see it,
 * computed by the server (GET /api/admin/preview) and clearly marked as a preview.
 */
export function ViewAs({ knownGroups, renderHome }: ViewAsProps) {
  const [anonymous, setAnonymous] = useState(false);
  const [groupText, setGroupText] = useState('');
  const [shown, setShown] = useState<{ viewer: Viewer; apps: App[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
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
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(event) => void show(event)} className="flex flex-col gap-3">
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">View the home page as</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="viewer"
              className="radio radio-sm"
              checked={anonymous}
              onChange={() => setAnonymous(true)}
            />
            An anonymous visitor
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="viewer"
              className="radio radio-sm"
              checked={!anonymous}
              onChange={() => setAnonymous(false)}
            />
            A signed-in user in these groups
          </label>
        </fieldset>
        {!anonymous && (
          <div className="flex flex-col gap-2">
            <label htmlFor={groupsId} className="text-sm font-medium">
              Groups
            </label>
            <input
              id={groupsId}
              className="input input-bordered input-sm w-full max-w-md"
              aria-describedby={hintId}
              value={groupText}
              onChange={(event) => setGroupText(event.target.value)}
            />
            <p id={hintId} className="text-base-content/75 text-xs">
              Comma-separated; any name, known or not.
            </p>
            <KnownGroups known={knownGroups} selected={groups} onToggle={toggle} />
          </div>
        )}
        <div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            <Eye aria-hidden="true" className="size-4" />
            Show preview
          </button>
        </div>
      </form>
      {error && (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      )}
      <div role="status" className="sr-only">
        {shown && `Preview ready: ${shown.apps.length} apps for ${describe(shown.viewer)}.`}
      </div>
      {shown && (
        <section
          aria-label={`Preview of the home page for ${describe(shown.viewer)}`}
          className="border-info flex flex-col gap-6 rounded-xl border-4 border-dashed p-4"
        >
          <p className="alert alert-info">
            <Eye aria-hidden="true" className="size-5" />
            <span>
              <strong>Preview</strong>: the home page as {describe(shown.viewer)} sees it (
              {shown.apps.length} {shown.apps.length === 1 ? 'app' : 'apps'}). Favorites are not
              shown.
            </span>
          </p>
          {shown.apps.length === 0 ? <p>This viewer sees no apps.</p> : renderHome(shown.apps)}
        </section>
      )}
    </div>
  );
}

import { useT } from '../../../lib/i18n.js';

/**
 * Toggle buttons for the groups seen on users and in the catalog (GET /api/admin/groups), beside
 * a free-text group field: the form's associated groups and View as's viewer groups.
 */
export function KnownGroups({
  known,
  selected,
  onToggle,
  label,
}: {
  known: readonly string[];
  selected: readonly string[];
  onToggle(group: string): void;
  /** The accessible name of the set of buttons (unique when a form has two). */
  label?: string;
}) {
  const t = useT();
  if (known.length === 0) return null;
  return (
    <div
      className="flex flex-wrap gap-1"
      role="group"
      aria-label={label ?? t('admin.common.knownGroups')}
    >
      {known.map((group) => (
        <button
          key={group}
          type="button"
          aria-pressed={selected.includes(group)}
          className={`btn btn-xs ${selected.includes(group) ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => onToggle(group)}
        >
          {group}
        </button>
      ))}
    </div>
  );
}

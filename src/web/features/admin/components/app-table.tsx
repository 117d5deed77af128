import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import { ENVIRONMENT_LABELS, ENVIRONMENTS } from '../../../../shared/catalog/environments.js';
import { statusLabel } from '../../../../shared/status/status-codes.js';
import { categoryTitle } from '../../../../shared/catalog/categories.js';
import {
  NO_FILTER,
  tableRows,
  visibilityOf,
  type Sort,
  type SortKey,
  type TableFilter,
} from '../utils/app-table-view.js';
import { formatTime } from '../utils/format.js';
import { AdminLogo } from './admin-logo.js';

export interface AppTableProps {
  apps: readonly AdminApp[];
  onEdit(app: AdminApp): void;
  onDelete(app: AdminApp): void;
}

function Visibility({ app }: { app: AdminApp }) {
  const kind = visibilityOf(app);
  if (kind === 'hidden') return <span className="badge badge-ghost badge-sm">Hidden</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {app.isPublic && <span className="badge badge-success badge-sm">Public</span>}
      {app.associatedGroups.map((group) => (
        <span key={group} className="badge badge-outline badge-sm">
          {group}
        </span>
      ))}
    </span>
  );
}

interface Option {
  value: string;
  label: string;
}

const VISIBILITY_OPTIONS: readonly Option[] = [
  { value: 'public', label: 'Public' },
  { value: 'groups', label: 'Groups only' },
  { value: 'hidden', label: 'Hidden' },
];

/** One of the table's filters: a labelled select whose first option, All, filters nothing. */
function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange(value: string): void;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <select
        className="select select-bordered select-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  sort: Sort;
  onSort(key: SortKey): void;
}) {
  const active = sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? sort.direction : undefined}>
      <button
        type="button"
        className="btn btn-ghost btn-xs -mx-2 gap-1 font-semibold normal-case"
        onClick={() => onSort(sortKey)}
      >
        {label}
        <Icon aria-hidden="true" className="size-3" />
      </button>
    </th>
  );
}

/**
 * Every app, hidden ones included: filter by text, environment and visibility; sort by any
 * column header (a second click reverses). Each row has Edit and Delete.
 */
export function AppTable({ apps, onEdit, onDelete }: AppTableProps) {
  const [filter, setFilter] = useState<TableFilter>(NO_FILTER);
  const [sort, setSort] = useState<Sort>({ key: 'name', direction: 'ascending' });
  const rows = useMemo(() => tableRows(apps, filter, sort), [apps, filter, sort]);
  const categories = useMemo(
    () =>
      [...new Set(apps.map((app) => app.category))]
        .map((category) => ({ value: category, label: categoryTitle(category) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [apps],
  );
  const captionId = useId();
  const onSort = (key: SortKey) =>
    setSort((current) => ({
      key,
      direction:
        current.key === key && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));
  const sortProps = { sort, onSort };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter apps">
        <label className="form-control flex min-w-48 flex-1 flex-col gap-1">
          <span className="text-sm font-medium">Filter</span>
          <input
            type="search"
            className="input input-bordered input-sm w-full"
            placeholder="Name, id, category, link or group"
            value={filter.text}
            onChange={(event) => setFilter({ ...filter, text: event.target.value })}
          />
        </label>
        <FilterSelect
          label="Environment"
          value={filter.env}
          options={ENVIRONMENTS.map((env) => ({ value: env, label: ENVIRONMENT_LABELS[env] }))}
          onChange={(env) => setFilter({ ...filter, env: env as TableFilter['env'] })}
        />
        <FilterSelect
          label="Category"
          value={filter.category}
          options={categories}
          onChange={(category) => setFilter({ ...filter, category })}
        />
        <FilterSelect
          label="Visibility"
          value={filter.visibility}
          options={VISIBILITY_OPTIONS}
          onChange={(visibility) =>
            setFilter({ ...filter, visibility: visibility as TableFilter['visibility'] })
          }
        />
      </div>
      <p role="status" className="text-base-content/75 text-sm">
        {rows.length === apps.length
          ? `${apps.length} ${apps.length === 1 ? 'app' : 'apps'}`
          : `${rows.length} of ${apps.length} apps`}
      </p>
      <div
        className="border-base-300 overflow-x-auto rounded-lg border"
        tabIndex={0}
        role="group"
        aria-labelledby={captionId}
      >
        <table className="table-sm table">
          <caption id={captionId} className="sr-only">
            Apps
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Logo</span>
              </th>
              <SortHeader label="Name" sortKey="name" {...sortProps} />
              <SortHeader label="Category" sortKey="category" {...sortProps} />
              <SortHeader label="Env" sortKey="env" {...sortProps} />
              <SortHeader label="Visibility" sortKey="visibility" {...sortProps} />
              <SortHeader label="Status" sortKey="status" {...sortProps} />
              <SortHeader label="Updated" sortKey="updatedAt" {...sortProps} />
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((app) => (
              <tr key={app.id}>
                <td>
                  <AdminLogo name={app.name} url={app.image ? app.imageUrl : undefined} />
                </td>
                <th scope="row" className="font-normal">
                  <span className="block font-semibold">{app.name}</span>
                  <span className="text-base-content/75 block text-xs">{app.id}</span>
                  {app.managedBy === 'catalog-file' && (
                    <span className="badge badge-info badge-sm mt-1 whitespace-nowrap">
                      Catalog file
                    </span>
                  )}
                </th>
                <td>{categoryTitle(app.category)}</td>
                <td>{ENVIRONMENT_LABELS[app.env]}</td>
                <td>
                  <Visibility app={app} />
                </td>
                <td>{app.status === undefined ? 'Unknown' : statusLabel(app.status)}</td>
                <td className="text-xs">
                  {formatTime(app.updatedAt)}
                  <span className="text-base-content/75 block">by {app.updatedBy}</span>
                </td>
                <td>
                  <span className="flex gap-1">
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-label={`Edit ${app.name}`}
                      onClick={() => onEdit(app)}
                    >
                      <Pencil aria-hidden="true" className="size-3" />
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-label={`Delete ${app.name}`}
                      onClick={() => onDelete(app)}
                    >
                      <Trash2 aria-hidden="true" className="size-3" />
                      Delete
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && apps.length > 0 && (
        <p className="text-base-content/75">No app matches the filter.</p>
      )}
    </div>
  );
}

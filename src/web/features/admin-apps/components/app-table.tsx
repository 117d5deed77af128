import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { useMemo, useState } from 'react';
import { useId } from '../../../ui/use-id.js';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import { ENVIRONMENTS } from '../../../../shared/catalog/environments.js';
import { statusKind } from '../../../../shared/status/status-codes.js';
import { categoryTitle } from '../../../../shared/catalog/categories.js';
import { nameOf } from '../../../lib/console/app-name.js';
import { useLocale, useT } from '../../../lib/i18n.js';
import {
  NO_FILTER,
  tableRows,
  visibilityOf,
  type Sort,
  type SortKey,
  type TableFilter,
} from '../utils/app-table-view.js';
import { formatTime } from '../../../lib/console/format.js';
import { AdminLogo } from '../../../ui/console/admin-logo.js';

export interface AppTableProps {
  apps: readonly AdminApp[];
  onEdit(app: AdminApp): void;
  onDelete(app: AdminApp): void;
}

function Visibility({ app }: { app: AdminApp }) {
  const t = useT();
  const kind = visibilityOf(app);
  if (kind === 'hidden') {
    return <span className="badge badge-ghost badge-sm">{t('admin.apps.visibility.hidden')}</span>;
  }
  return (
    <span className="flex flex-wrap gap-1">
      {app.isPublic && (
        <span className="badge badge-success badge-sm">{t('admin.apps.visibility.public')}</span>
      )}
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

const VISIBILITIES = ['public', 'groups', 'hidden'] as const;

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
  const t = useT();
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <select
        className="select select-bordered select-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('admin.common.all')}</option>
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
  const locale = useLocale();
  const { t } = locale;
  const [filter, setFilter] = useState<TableFilter>(NO_FILTER);
  const [sort, setSort] = useState<Sort>({ key: 'name', direction: 'ascending' });
  const rows = useMemo(
    () => tableRows(apps, filter, sort, locale.language),
    [apps, filter, sort, locale.language],
  );
  const categories = useMemo(
    () =>
      [...new Set(apps.map((app) => app.category))]
        .map((category) => ({ value: category, label: categoryTitle(category) }))
        .sort((a, b) => a.label.localeCompare(b.label, locale.language)),
    [apps, locale.language],
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
      <div
        className="flex flex-wrap items-end gap-3"
        role="search"
        aria-label={t('admin.apps.filter.label')}
      >
        <label className="form-control flex min-w-48 flex-1 flex-col gap-1">
          <span className="text-sm font-medium">{t('admin.apps.filter.text')}</span>
          <input
            type="search"
            className="input input-bordered input-sm w-full"
            placeholder={t('admin.apps.filter.placeholder')}
            value={filter.text}
            onChange={(event) => setFilter({ ...filter, text: event.target.value })}
          />
        </label>
        <FilterSelect
          label={t('admin.apps.field.env')}
          value={filter.env}
          options={ENVIRONMENTS.map((env) => ({ value: env, label: t(`admin.apps.env.${env}`) }))}
          onChange={(env) => setFilter({ ...filter, env: env as TableFilter['env'] })}
        />
        <FilterSelect
          label={t('admin.apps.field.category')}
          value={filter.category}
          options={categories}
          onChange={(category) => setFilter({ ...filter, category })}
        />
        <FilterSelect
          label={t('admin.apps.column.visibility')}
          value={filter.visibility}
          options={VISIBILITIES.map((value) => ({
            value,
            label: t(`admin.apps.visibility.${value}`),
          }))}
          onChange={(visibility) =>
            setFilter({ ...filter, visibility: visibility as TableFilter['visibility'] })
          }
        />
      </div>
      <p role="status" className="text-base-content/75 text-sm">
        {rows.length === apps.length
          ? t('admin.apps.count', { count: apps.length })
          : t('admin.apps.countFiltered', { shown: rows.length, count: apps.length })}
      </p>
      <div
        className="border-base-300 overflow-x-auto rounded-lg border"
        tabIndex={0}
        role="group"
        aria-labelledby={captionId}
      >
        <table className="table-sm table">
          <caption id={captionId} className="sr-only">
            {t('admin.apps.caption')}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">{t('admin.apps.column.logo')}</span>
              </th>
              <SortHeader label={t('admin.apps.field.name')} sortKey="name" {...sortProps} />
              <SortHeader
                label={t('admin.apps.field.category')}
                sortKey="category"
                {...sortProps}
              />
              <SortHeader label={t('admin.apps.column.env')} sortKey="env" {...sortProps} />
              <SortHeader
                label={t('admin.apps.column.visibility')}
                sortKey="visibility"
                {...sortProps}
              />
              <SortHeader label={t('admin.apps.column.status')} sortKey="status" {...sortProps} />
              <SortHeader
                label={t('admin.apps.column.updated')}
                sortKey="updatedAt"
                {...sortProps}
              />
              <th scope="col">
                <span className="sr-only">{t('admin.common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((app) => (
              <tr key={app.id}>
                <td>
                  <AdminLogo
                    name={nameOf(app, locale.language)}
                    url={app.image ? app.imageUrl : undefined}
                  />
                </td>
                <th scope="row" className="font-normal">
                  <span className="block font-semibold">{nameOf(app, locale.language)}</span>
                  <span className="text-base-content/75 block text-xs">{app.id}</span>
                  {app.managedBy === 'catalog-file' && (
                    <span className="badge badge-info badge-sm mt-1 whitespace-nowrap">
                      {t('admin.apps.catalogFile')}
                    </span>
                  )}
                </th>
                <td>{categoryTitle(app.category)}</td>
                <td>{t(`admin.apps.env.${app.env}`)}</td>
                <td>
                  <Visibility app={app} />
                </td>
                <td>
                  {t(
                    `admin.apps.status.${app.status === undefined ? 'unknown' : statusKind(app.status)}`,
                  )}
                </td>
                <td className="text-xs">
                  {formatTime(app.updatedAt, locale)}
                  <span className="text-base-content/75 block">
                    {t('admin.apps.updatedBy', { user: app.updatedBy })}
                  </span>
                </td>
                <td>
                  <span className="flex gap-1">
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-label={t('admin.apps.editLabel', { name: nameOf(app, locale.language) })}
                      onClick={() => onEdit(app)}
                    >
                      <Pencil aria-hidden="true" className="size-3" />
                      {t('admin.common.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-label={t('admin.apps.deleteLabel', {
                        name: nameOf(app, locale.language),
                      })}
                      onClick={() => onDelete(app)}
                    >
                      <Trash2 aria-hidden="true" className="size-3" />
                      {t('admin.common.delete')}
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && apps.length > 0 && (
        <p className="text-base-content/75">{t('admin.apps.noMatch')}</p>
      )}
    </div>
  );
}

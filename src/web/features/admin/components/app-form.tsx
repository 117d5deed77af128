import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import { ENVIRONMENT_LABELS, ENVIRONMENTS } from '../../../../shared/catalog/environments.js';
import {
  conflictOf,
  createApp,
  deleteLogo,
  fieldErrorsOf,
  listApps,
  messageOf,
  putLogo,
  updateApp,
  type Conflict,
} from '../api/admin-api.js';
import {
  changedFields,
  createBody,
  derivedId,
  emptyValues,
  fieldMessage,
  previewApp,
  splitGroups,
  validate,
  valuesOf,
  type AppFormValues,
} from '../utils/app-form-values.js';
import { formatTime } from '../utils/format.js';
import { readAsDataUrl } from '../utils/logo-file.js';
import { ERROR_TEXT, FormField } from './form-field.js';
import { LogoDropZone } from './logo-drop-zone.js';
import { KnownGroups } from './known-groups.js';

export interface AppFormProps {
  /** The app to edit; none for a new app. */
  app?: AdminApp | undefined;
  /** Group names to offer (typing others is allowed). */
  knownGroups: readonly string[];
  /** Categories in use, offered while typing. */
  categories: readonly string[];
  renderCard(app: App): ReactNode;
  /** The app was saved (fields and logo); `message` says what happened. */
  onSaved(message: string): void;
  onCancel(): void;
}

type LogoChange = { kind: 'keep' } | { kind: 'new'; file: File; url: string } | { kind: 'remove' };

const FIELD_ORDER = [
  'name',
  'id',
  'description',
  'link',
  'doc',
  'github',
  'env',
  'category',
  'isPublic',
  'associatedGroups',
  'collectionId',
];

/**
 * Create or edit an app: one labelled field each, checked by the server's own rules as you go
 * (messages under the fields), a live preview of the card, the logo drop zone. A stale edit
 * (someone else saved first) says who and when, and offers to reload the app.
 */
export function AppForm({
  app,
  knownGroups,
  categories,
  renderCard,
  onSaved,
  onCancel,
}: AppFormProps) {
  const [base, setBase] = useState<AdminApp | undefined>(app);
  const editing = base !== undefined;
  const [values, setValues] = useState<AppFormValues>(() => (app ? valuesOf(app) : emptyValues()));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [busy, setBusy] = useState(false);
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const ruleErrors = useMemo(() => validate(values, { editing }), [values, editing]);
  const errorOf = (field: string): string | undefined => {
    const message = serverErrors[field] ?? (touched.has(field) ? ruleErrors[field] : undefined);
    return message === undefined ? undefined : fieldMessage(field, message);
  };

  const set = <K extends keyof AppFormValues>(field: K, value: AppFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const wire = field === 'groups' ? 'associatedGroups' : field;
    setServerErrors((current) => {
      if (!(wire in current)) return current;
      const { [wire]: _gone, ...rest } = current;
      return rest;
    });
  };
  const touch = (field: string) =>
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  const text = (field: keyof AppFormValues, wire: string = field) => ({
    value: String(values[field]),
    onChange: (event: { target: { value: string } }) =>
      set(field, event.target.value as AppFormValues[typeof field]),
    onBlur: () => touch(wire),
  });

  const logoUrl =
    logo.kind === 'new'
      ? logo.url
      : logo.kind === 'remove' || !base?.image
        ? undefined
        : base.imageUrl;
  const preview = previewApp(
    values,
    logoUrl ? { image: 'logo', imageUrl: logoUrl } : { image: '' },
  );

  const focusFirstInvalid = () => {
    requestAnimationFrame(() => {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const saveLogo = async (appId: string) => {
    if (logo.kind === 'new') await putLogo(appId, logo.file);
    else if (logo.kind === 'remove' && base?.image) await deleteLogo(appId);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setTouched(new Set(FIELD_ORDER));
    if (Object.keys(ruleErrors).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    let saved: AdminApp | undefined = base;
    try {
      if (base) {
        const patch = changedFields(base, values);
        if (Object.keys(patch).length > 0) saved = await updateApp(base.id, base.version, patch);
      } else {
        saved = await createApp(createBody(values));
      }
    } catch (error) {
      setBusy(false);
      const conflicting = conflictOf(error);
      const fields = fieldErrorsOf(error);
      if (conflicting && base) setConflict(conflicting);
      else if (fields) {
        setServerErrors(fields);
        focusFirstInvalid();
      } else setFormError(messageOf(error));
      return;
    }
    const appId = saved?.id ?? derivedId(values);
    const name = saved?.name ?? values.name;
    try {
      await saveLogo(appId);
    } catch (error) {
      // The fields are saved: go on editing that app, with the logo's problem shown.
      setBusy(false);
      if (saved) setBase(saved);
      setLogoProblem(`${name} was saved, but not its logo: ${messageOf(error)}`);
      return;
    }
    setBusy(false);
    onSaved(editing ? `Saved ${name}.` : `Created ${name}.`);
  };

  const reload = async () => {
    if (!base) return;
    setBusy(true);
    try {
      const current = (await listApps()).find((item) => item.id === base.id);
      if (!current) {
        setFormError(`${base.name} is no longer in the catalog (it was deleted).`);
      } else {
        setBase(current);
        setValues(valuesOf(current));
        setLogo({ kind: 'keep' });
        setServerErrors({});
        setConflict(null);
      }
    } catch (error) {
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const groups = splitGroups(values.groups);
  const toggleGroup = (group: string) =>
    set(
      'groups',
      (groups.includes(group) ? groups.filter((g) => g !== group) : [...groups, group]).join(', '),
    );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <form
        ref={form}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {base ? `Edit ${base.name}` : 'New app'}
        </h2>
        {conflict && (
          <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
            <p>
              {base?.name ?? 'This app'} was changed by <strong>{conflict.updatedBy}</strong> on{' '}
              {formatTime(conflict.updatedAt)}, after you opened it. Your changes were not saved.
            </p>
            <button type="button" className="btn btn-sm" onClick={() => void reload()}>
              Reload the app (your changes are lost)
            </button>
          </div>
        )}
        {formError && (
          <p role="alert" className="alert alert-error">
            {formError}
          </p>
        )}
        <FormField label="Name" error={errorOf('name')}>
          {(ids) => (
            <input {...ids} {...text('name')} required className="input input-bordered w-full" />
          )}
        </FormField>
        {!editing && (
          <FormField
            label="Id"
            hint={`Optional; part of the app's URLs. Left empty: ${derivedId(values) || 'from the name'}.`}
            error={errorOf('id')}
          >
            {(ids) => <input {...ids} {...text('id')} className="input input-bordered w-full" />}
          </FormField>
        )}
        <FormField label="Description" error={errorOf('description')}>
          {(ids) => (
            <textarea
              {...ids}
              {...text('description')}
              rows={3}
              className="textarea textarea-bordered w-full"
            />
          )}
        </FormField>
        <FormField label="Link" hint="The app's address, http(s)." error={errorOf('link')}>
          {(ids) => (
            <input {...ids} {...text('link')} type="url" className="input input-bordered w-full" />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Documentation link" error={errorOf('doc')}>
            {(ids) => (
              <input {...ids} {...text('doc')} type="url" className="input input-bordered w-full" />
            )}
          </FormField>
          <FormField label="Repository link" error={errorOf('github')}>
            {(ids) => (
              <input
                {...ids}
                {...text('github')}
                type="url"
                className="input input-bordered w-full"
              />
            )}
          </FormField>
          <FormField label="Environment" error={errorOf('env')}>
            {(ids) => (
              <select
                {...ids}
                value={values.env}
                onChange={(event) => set('env', event.target.value as AppFormValues['env'])}
                className="select select-bordered w-full"
              >
                {ENVIRONMENTS.map((env) => (
                  <option key={env} value={env}>
                    {ENVIRONMENT_LABELS[env]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Category" error={errorOf('category')}>
            {(ids) => (
              <>
                <input
                  {...ids}
                  {...text('category')}
                  list={`${ids.id}-list`}
                  className="input input-bordered w-full"
                />
                <datalist id={`${ids.id}-list`}>
                  {categories.map((category) => (
                    <option key={category} value={category} />
                  ))}
                </datalist>
              </>
            )}
          </FormField>
        </div>
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Who sees it</legend>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={values.isPublic}
              onChange={(event) => set('isPublic', event.target.checked)}
            />
            Public: everyone, signed in or not
          </label>
          <FormField
            label="Groups"
            hint="Members of these groups see it too. Comma-separated; new names are allowed."
            error={errorOf('associatedGroups')}
          >
            {(ids) => (
              <input
                {...ids}
                {...text('groups', 'associatedGroups')}
                className="input input-bordered w-full"
              />
            )}
          </FormField>
          <KnownGroups known={knownGroups} selected={groups} onToggle={toggleGroup} />
          {!values.isPublic && groups.length === 0 && (
            <p className="text-base-content/75 text-sm">
              Neither public nor in a group: only admins see it (here).
            </p>
          )}
        </fieldset>
        <LogoDropZone
          previewUrl={logoUrl}
          appName={values.name}
          problem={logoProblem}
          onProblem={setLogoProblem}
          onChoose={(file) => {
            void readAsDataUrl(file).then((url) => setLogo({ kind: 'new', file, url }));
          }}
          onRemove={() => setLogo({ kind: 'remove' })}
        />
        <details>
          <summary className="cursor-pointer text-sm">More</summary>
          <div className="pt-2">
            <FormField
              label="Collection id"
              hint="Part of the logo's URL; keep apps unless you know why."
              error={errorOf('collectionId')}
            >
              {(ids) => (
                <input {...ids} {...text('collectionId')} className="input input-bordered w-full" />
              )}
            </FormField>
          </div>
        </details>
        {Object.keys(serverErrors).some((field) => !FIELD_ORDER.includes(field)) && (
          <p role="alert" className={`text-sm ${ERROR_TEXT}`}>
            {Object.entries(serverErrors)
              .filter(([field]) => !FIELD_ORDER.includes(field))
              .map(([field, message]) => fieldMessage(field, message))
              .join(' ')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : editing ? 'Save changes' : 'Create app'}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
      <section aria-label="Card preview" className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">Preview: the card as the home page shows it</h3>
        <div className="max-w-sm">{renderCard(preview)}</div>
      </section>
    </div>
  );
}

import type { ReactNode } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import { ENVIRONMENT_LABELS, ENVIRONMENTS } from '../../../../shared/catalog/environments.js';
import { useAppForm } from '../hooks/use-app-form.js';
import { FIELD_LABELS, type AppFormValues } from '../utils/app-form-values.js';
import { formatTime } from '../utils/format.js';
import { AccessSection } from './access-section.js';
import { ERROR_TEXT, FormField } from './form-field.js';
import { IconPicker } from './icon-picker.js';
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
  /** The app was saved (fields and logo): `app` as the server answered; `message` says what happened. */
  onSaved(app: AdminApp, message: string): void;
  /** The server answered a newer version of the app while the form stays open. */
  onAppChanged?(app: AdminApp): void;
  onCancel(): void;
}

/**
 * Create or edit an app: one labelled field each, checked by the server's own rules as you go
 * (messages under the fields), a live preview of the card, the logo drop zone. A stale edit
 * (someone else saved first) says who and when, and offers to reload the app. The state and
 * the saving live in `useAppForm`; the fields are laid out for people (the required name first,
 * the id only for a new app, the collection id under More), the field list is `APP_FIELDS`.
 */
export function AppForm({
  app,
  knownGroups,
  categories,
  renderCard,
  onSaved,
  onAppChanged,
  onCancel,
}: AppFormProps) {
  const form = useAppForm({ app, onSaved, onAppChanged });
  const { base, editing, values, text, errorOf } = form;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <form
        ref={form.refs.form}
        noValidate
        onSubmit={(event) => void form.submit(event)}
        className="flex flex-col gap-4"
      >
        <h2 ref={form.refs.heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {base ? `Edit ${base.name}` : 'New app'}
        </h2>
        {form.conflict && (
          <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
            <p>
              {base?.name ?? 'This app'} was changed by <strong>{form.conflict.updatedBy}</strong>{' '}
              on {formatTime(form.conflict.updatedAt)}, after you opened it. Your changes were not
              saved.
            </p>
            <button type="button" className="btn btn-sm" onClick={() => void form.reload()}>
              Reload the app (your changes are lost)
            </button>
          </div>
        )}
        {form.formError && (
          <p role="alert" className="alert alert-error">
            {form.formError}
          </p>
        )}
        <FormField label={FIELD_LABELS.name} error={errorOf('name')}>
          {(ids) => (
            <input {...ids} {...text('name')} required className="input input-bordered w-full" />
          )}
        </FormField>
        {!editing && (
          <FormField
            label={FIELD_LABELS.id}
            hint={`Optional; part of the app's URLs. Left empty: ${form.derivedId || 'from the name'}.`}
            error={errorOf('id')}
          >
            {(ids) => <input {...ids} {...text('id')} className="input input-bordered w-full" />}
          </FormField>
        )}
        <FormField label={FIELD_LABELS.description} error={errorOf('description')}>
          {(ids) => (
            <textarea
              {...ids}
              {...text('description')}
              rows={3}
              className="textarea textarea-bordered w-full"
            />
          )}
        </FormField>
        <FormField
          label={FIELD_LABELS.link}
          hint="The app's address, http(s)."
          error={errorOf('link')}
        >
          {(ids) => (
            <input {...ids} {...text('link')} type="url" className="input input-bordered w-full" />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={FIELD_LABELS.doc} error={errorOf('doc')}>
            {(ids) => (
              <input {...ids} {...text('doc')} type="url" className="input input-bordered w-full" />
            )}
          </FormField>
          <FormField label={FIELD_LABELS.github} error={errorOf('github')}>
            {(ids) => (
              <input
                {...ids}
                {...text('github')}
                type="url"
                className="input input-bordered w-full"
              />
            )}
          </FormField>
          <FormField label={FIELD_LABELS.env} error={errorOf('env')}>
            {(ids) => (
              <select
                {...ids}
                value={values.env}
                onChange={(event) => form.set('env', event.target.value as AppFormValues['env'])}
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
          <FormField label={FIELD_LABELS.category} error={errorOf('category')}>
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
              onChange={(event) => form.set('isPublic', event.target.checked)}
            />
            Public: everyone, signed in or not
          </label>
          <FormField
            label={FIELD_LABELS.associatedGroups}
            hint="Members of these groups see it too. Comma-separated; new names are allowed."
            error={errorOf('associatedGroups')}
          >
            {(ids) => (
              <input {...ids} {...text('groups')} className="input input-bordered w-full" />
            )}
          </FormField>
          <KnownGroups known={knownGroups} selected={form.groups} onToggle={form.toggleGroup} />
          {!values.isPublic && form.groups.length === 0 && (
            <p className="text-base-content/75 text-sm">
              Neither public nor in a group: only admins see it (here).
            </p>
          )}
        </fieldset>
        <AccessSection {...form.access} knownGroups={knownGroups} />
        <LogoDropZone
          previewUrl={form.logoUrl}
          appName={values.name}
          problem={form.logoProblem}
          onProblem={form.setLogoProblem}
          onChoose={form.chooseLogo}
          onRemove={form.removeLogo}
        >
          <IconPicker
            onPick={(file) => {
              form.setLogoProblem(null);
              form.chooseLogo(file);
            }}
          />
        </LogoDropZone>
        <details>
          <summary className="cursor-pointer text-sm">More</summary>
          <div className="pt-2">
            <FormField
              label={FIELD_LABELS.collectionId}
              hint="Part of the logo's URL; keep apps unless you know why."
              error={errorOf('collectionId')}
            >
              {(ids) => (
                <input {...ids} {...text('collectionId')} className="input input-bordered w-full" />
              )}
            </FormField>
          </div>
        </details>
        {form.otherError && (
          <p role="alert" className={`text-sm ${ERROR_TEXT}`}>
            {form.otherError}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {form.busy ? 'Saving…' : editing ? 'Save changes' : 'Create app'}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
      <section aria-label="Card preview" className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">Preview: the card as the home page shows it</h3>
        <div className="max-w-sm">{renderCard(form.preview)}</div>
      </section>
    </div>
  );
}

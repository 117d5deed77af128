import type { ReactNode } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import { ENVIRONMENTS, type Environment } from '../../../../shared/catalog/environments.js';
import { useLocale } from '../../../lib/i18n.js';
import { useAppForm } from '../hooks/use-app-form.js';
import { nameOf } from '../../../lib/console/app-name.js';
import { labelOf } from '../../../lib/console/field-labels.js';
import { FORM_LANGUAGE } from '../../../lib/console/form-texts.js';
import { AccessSection } from './access-section.js';
import { AppAddressesFields } from './app-addresses-fields.js';
import { AppLinksFields } from './app-links-fields.js';
import { AppTermsFields } from './app-terms-fields.js';
import { ERROR_TEXT, FormField } from '../../../ui/console/form-field.js';
import { SelectField } from '../../../ui/console/select-field.js';
import { IconPicker } from './icon-picker.js';
import { LogoDropZone } from './logo-drop-zone.js';
import { KnownGroups } from './known-groups.js';
import { Translations } from '../../../ui/console/translations-field.js';

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
  const { t, formatDate, language } = useLocale();
  const label = {
    id: labelOf(t, 'id'),
    name: labelOf(t, 'name'),
    description: labelOf(t, 'description'),
    link: labelOf(t, 'link'),
    doc: labelOf(t, 'doc'),
    github: labelOf(t, 'github'),
    env: labelOf(t, 'env'),
    category: labelOf(t, 'category'),
    groups: labelOf(t, 'associatedGroups'),
    collectionId: labelOf(t, 'collectionId'),
  };
  const envLabel: Record<Environment, string> = {
    prod: t('admin.translations.env.prod'),
    stage: t('admin.translations.env.stage'),
    dev: t('admin.translations.env.dev'),
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <form
        ref={form.refs.form}
        noValidate
        onSubmit={(event) => void form.submit(event)}
        className="flex flex-col gap-4"
      >
        <h2 ref={form.refs.heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {base
            ? t('admin.translations.heading.edit', { name: nameOf(base, language) })
            : t('admin.translations.heading.new')}
        </h2>
        {form.conflict && (
          <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
            <p>
              {t('admin.translations.conflict', {
                name: base ? nameOf(base, language) : t('admin.translations.conflict.thisApp'),
                user: form.conflict.updatedBy,
                time: formatDate(form.conflict.updatedAt, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}
            </p>
            <button type="button" className="btn btn-sm" onClick={() => void form.reload()}>
              {t('admin.translations.conflict.reload')}
            </button>
          </div>
        )}
        {form.formError && (
          <p role="alert" className="alert alert-error">
            {form.formError}
          </p>
        )}
        <FormField label={label.name} error={errorOf('name')}>
          {(ids) => (
            <input
              {...ids}
              {...text('name')}
              lang={FORM_LANGUAGE}
              dir="auto"
              required
              className="input input-bordered w-full"
            />
          )}
        </FormField>
        <Translations
          label={label.name}
          texts={values.nameTexts}
          onChange={(texts) => form.set('nameTexts', texts)}
          onBlur={() => form.touch('name')}
        />
        {!editing && (
          <FormField
            label={label.id}
            hint={
              form.derivedId
                ? t('admin.translations.id.hint', { id: form.derivedId })
                : t('admin.translations.id.hintFromName')
            }
            error={errorOf('id')}
          >
            {(ids) => <input {...ids} {...text('id')} className="input input-bordered w-full" />}
          </FormField>
        )}
        <FormField label={label.description} error={errorOf('description')}>
          {(ids) => (
            <textarea
              {...ids}
              {...text('description')}
              lang={FORM_LANGUAGE}
              dir="auto"
              rows={3}
              className="textarea textarea-bordered w-full"
            />
          )}
        </FormField>
        <Translations
          label={label.description}
          texts={values.descriptionTexts}
          multiline
          onChange={(texts) => form.set('descriptionTexts', texts)}
          onBlur={() => form.touch('description')}
        />
        <FormField
          label={label.link}
          hint={t('admin.translations.link.hint')}
          error={errorOf('link')}
        >
          {(ids) => (
            <input {...ids} {...text('link')} type="url" className="input input-bordered w-full" />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={label.doc} error={errorOf('doc')}>
            {(ids) => (
              <input {...ids} {...text('doc')} type="url" className="input input-bordered w-full" />
            )}
          </FormField>
          <FormField label={label.github} error={errorOf('github')}>
            {(ids) => (
              <input
                {...ids}
                {...text('github')}
                type="url"
                className="input input-bordered w-full"
              />
            )}
          </FormField>
          <SelectField
            label={label.env}
            error={errorOf('env')}
            value={values.env}
            choices={ENVIRONMENTS}
            labels={envLabel}
            onChange={(env) => form.set('env', env)}
            wide
          />
          <FormField label={label.category} error={errorOf('category')}>
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
        <AppAddressesFields lists={form.lists} onBlur={() => form.lists.touch('addresses')} />
        <AppLinksFields lists={form.lists} onBlur={() => form.lists.touch('links')} />
        <AppTermsFields
          terms={form.terms}
          serverError={form.terms.serverError}
          showProblem={form.terms.showProblem}
        />
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">
            {t('admin.translations.visibility.legend')}
          </legend>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={values.isPublic}
              onChange={(event) => form.set('isPublic', event.target.checked)}
            />
            {t('admin.translations.visibility.public')}
          </label>
          <FormField
            label={label.groups}
            hint={t('admin.translations.groups.hint')}
            error={errorOf('associatedGroups')}
          >
            {(ids) => (
              <input {...ids} {...text('groups')} className="input input-bordered w-full" />
            )}
          </FormField>
          <KnownGroups known={knownGroups} selected={form.groups} onToggle={form.toggleGroup} />
          {!values.isPublic && form.groups.length === 0 && (
            <p className="text-base-content/75 text-sm">
              {t('admin.translations.visibility.hidden')}
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
          <summary className="cursor-pointer text-sm">{t('admin.translations.more')}</summary>
          <div className="pt-2">
            <FormField
              label={label.collectionId}
              hint={t('admin.translations.collectionId.hint')}
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
            {form.busy
              ? t('admin.translations.saving')
              : editing
                ? t('admin.translations.save')
                : t('admin.translations.create')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('admin.translations.cancel')}
          </button>
        </div>
      </form>
      <section aria-label={t('admin.translations.preview.label')} className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t('admin.translations.preview.heading')}</h3>
        <div className="max-w-sm">
          <div className="shell-preview">{renderCard(form.preview)}</div>
        </div>
      </section>
    </div>
  );
}

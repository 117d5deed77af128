import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import { APP_FIELDS, type AppField } from '../../../../shared/catalog/app-rules.js';
import { errorText } from '../../../lib/error-text.js';
import { useLocale } from '../../../lib/i18n.js';
import {
  conflictOf,
  fieldErrorsOf,
  isNotFound,
  type Conflict,
} from '../../../lib/console/admin-errors.js';
import { createApp, deleteLogo, getApp, putLogo, updateApp } from '../api/apps-api.js';
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
  wireField,
  type AppFormValues,
  type FormKey,
} from '../utils/app-form-values.js';
import { nameOf } from '../../../lib/console/app-name.js';
import {
  ACCESS_LABEL_IDS,
  accessBody,
  accessChanged,
  accessValuesOf,
  validateAccess,
  type AccessField,
  type AccessFormValues,
} from '../utils/access-form-values.js';
import { readAsDataUrl } from '../../../lib/console/logo-file.js';
import { ruleMessage } from '../../../lib/console/rule-messages.js';
import { useAppLists } from './use-app-lists.js';
import { useAppTerms } from './use-app-terms.js';

export interface AppFormOptions {
  /** The app to edit; none for a new app. */
  app?: AdminApp | undefined;
  /** Fields and logo are saved: `app` as the server last answered it; the form is done. */
  onSaved(app: AdminApp, message: string): void;
  /**
   * The server answered a newer version of the app while the form stays open: its fields were
   * saved but not its logo, or it was reloaded after a conflict.
   */
  onAppChanged?(app: AdminApp): void;
}

type LogoChange = { kind: 'keep' } | { kind: 'new'; file: File; url: string } | { kind: 'remove' };

const ACCESS_FIELDS: readonly AccessField[] = ['group', 'approvers', 'days'];
const LIST_FIELDS = ['addresses', 'links'] as const;
const KNOWN_FIELDS: ReadonlySet<string> = new Set<string>([
  ...APP_FIELDS,
  ...LIST_FIELDS,
  ...ACCESS_FIELDS.map((field) => `access.${field}`),
]);

/**
 * The state and the logic of the app form (create or edit): the values as typed, the fields
 * touched so far, the shared rules' messages and the server's, the logo chosen or removed, and
 * saving (fields, then the logo) with its conflict and error handling. The component renders.
 * The messages it hands over are in the viewer's language (the locale's `t`).
 */
export function useAppForm({ app, onSaved, onAppChanged }: AppFormOptions) {
  const locale = useLocale();
  const { t } = locale;
  const [base, setBase] = useState<AdminApp | undefined>(app);
  const editing = base !== undefined;
  const [values, setValues] = useState<AppFormValues>(() => (app ? valuesOf(app) : emptyValues()));
  const [access, setAccess] = useState<AccessFormValues>(() => accessValuesOf(app?.access));
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
  const hadAccess = base?.access !== undefined;
  const accessErrors = useMemo(() => validateAccess(access, hadAccess), [access, hadAccess]);
  /** "Granting group is required…": the section's own and the server's (`access.group`). */
  const accessErrorOf = (field: AccessField): string | undefined => {
    const key = `access.${field}`;
    const label = t(ACCESS_LABEL_IDS[field]);
    const server = serverErrors[key];
    if (server !== undefined) return ruleMessage(t, label, server);
    const problem = touched.has(key) ? accessErrors[field] : undefined;
    return problem === undefined ? undefined : t(problem.id, { field: label, ...problem.values });
  };
  const setAccessValue = <K extends keyof AccessFormValues>(key: K, value: AccessFormValues[K]) => {
    setAccess((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => {
      const stale = Object.keys(current).filter((field) => field.startsWith('access'));
      if (stale.length === 0) return current;
      return Object.fromEntries(
        Object.entries(current).filter(([field]) => !field.startsWith('access')),
      );
    });
  };
  const touchAccess = (field: AccessField) => {
    const key = `access.${field}`;
    setTouched((current) => (current.has(key) ? current : new Set([...current, key])));
  };
  /** The terms of use (their own fieldset, app-terms-fields.tsx). */
  const terms = useAppTerms(app);
  /** The addresses per network and typed links (their own inputs, rows and problems). */
  const lists = useAppLists({
    app,
    serverErrors,
    touched,
    onEdit: (field) =>
      setServerErrors((current) => {
        if (!(field in current)) return current;
        const { [field]: _gone, ...rest } = current;
        return rest;
      }),
  });
  const errorOf = (field: AppField): string | undefined => {
    const message = serverErrors[field] ?? (touched.has(field) ? ruleErrors[field] : undefined);
    return message === undefined ? undefined : fieldMessage(t, field, message);
  };
  /** The server's messages about fields the form does not show (one line), or null. */
  const otherErrors = Object.entries(serverErrors).filter(([field]) => !KNOWN_FIELDS.has(field));
  const otherError =
    otherErrors.length > 0
      ? otherErrors.map(([field, message]) => fieldMessage(t, field, message)).join(' ')
      : null;

  const set = <K extends FormKey>(key: K, value: AppFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    const wire = wireField(key);
    setServerErrors((current) => {
      if (!(wire in current)) return current;
      const { [wire]: _gone, ...rest } = current;
      return rest;
    });
  };
  const touch = (field: AppField) =>
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  /** The props of a text input or textarea for one of the form's text values. */
  const text = (
    key: Exclude<FormKey, 'env' | 'isPublic' | 'access' | 'nameTexts' | 'descriptionTexts'>,
  ) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    onBlur: () => touch(wireField(key)),
  });

  const groups = splitGroups(values.groups);
  const toggleGroup = (group: string) =>
    set(
      'groups',
      (groups.includes(group) ? groups.filter((g) => g !== group) : [...groups, group]).join(', '),
    );

  const logoUrl =
    logo.kind === 'new'
      ? logo.url
      : logo.kind === 'remove' || !base?.image
        ? undefined
        : base.imageUrl;
  const preview: App = {
    ...previewApp(
      values,
      logoUrl ? { image: 'logo', imageUrl: logoUrl } : { image: '' },
      t('admin.apps.new'),
    ),
    ...(lists.previewLinks.length > 0 ? { links: lists.previewLinks } : {}),
  };
  const chooseLogo = (file: File) => {
    void readAsDataUrl(file).then((url) => setLogo({ kind: 'new', file, url }));
  };
  const removeLogo = () => setLogo({ kind: 'remove' });

  const focusFirstInvalid = () => {
    requestAnimationFrame(() => {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  /** The logo's change, if any: the app as the server answers it afterwards. */
  const saveLogo = async (appId: string): Promise<AdminApp | undefined> => {
    if (logo.kind === 'new') return putLogo(appId, logo.file);
    if (logo.kind === 'remove' && base?.image) return deleteLogo(appId);
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setTouched(
      new Set([
        ...APP_FIELDS,
        ...LIST_FIELDS,
        'terms',
        ...ACCESS_FIELDS.map((field) => `access.${field}`),
      ]),
    );
    if (
      Object.keys(ruleErrors).length > 0 ||
      Object.keys(accessErrors).length > 0 ||
      lists.invalid ||
      terms.problem !== null
    ) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    let saved: AdminApp;
    try {
      if (base) {
        const patch = {
          ...changedFields(base, values),
          ...lists.patch(base),
          ...terms.patch(base),
        };
        if (accessChanged(access, base.access)) patch.access = accessBody(access, base.access);
        saved =
          Object.keys(patch).length > 0 ? await updateApp(base.id, base.version, patch) : base;
      } else {
        const body = { ...createBody(values), ...lists.createBody(), ...terms.createBody() };
        const newAccess = accessBody(access, undefined);
        saved = await createApp(newAccess ? { ...body, access: newAccess } : body);
      }
    } catch (error) {
      setBusy(false);
      const conflicting = conflictOf(error);
      const fields = fieldErrorsOf(error);
      if (conflicting && base) setConflict(conflicting);
      else if (fields) {
        setServerErrors(fields);
        focusFirstInvalid();
      } else setFormError(errorText(locale, error));
      return;
    }
    try {
      saved = (await saveLogo(saved.id)) ?? saved;
    } catch (error) {
      // The fields are saved: go on editing that app, with the logo's problem shown.
      setBusy(false);
      setBase(saved);
      if (saved !== base) onAppChanged?.(saved);
      setLogoProblem(
        t('admin.apps.logoNotSaved', { name: saved.name, error: errorText(locale, error) }),
      );
      return;
    }
    setBusy(false);
    onSaved(
      saved,
      t(editing ? 'admin.apps.saved' : 'admin.apps.created', {
        name: nameOf(saved, locale.language),
      }),
    );
  };

  /** After a conflict: the app as it is now (the edits typed so far are dropped). */
  const reload = async () => {
    if (!base) return;
    setBusy(true);
    try {
      const current = await getApp(base.id).catch((error: unknown) => {
        if (isNotFound(error)) return undefined;
        throw error;
      });
      if (!current || current.deletedAt) {
        setFormError(t('admin.apps.gone', { name: nameOf(base, locale.language) }));
      } else {
        setBase(current);
        setValues(valuesOf(current));
        setAccess(accessValuesOf(current.access));
        lists.reset(current);
        terms.reset(current);
        setLogo({ kind: 'keep' });
        setServerErrors({});
        setConflict(null);
        onAppChanged?.(current);
      }
    } catch (error) {
      setFormError(errorText(locale, error));
    } finally {
      setBusy(false);
    }
  };

  return {
    /** The app as last saved or loaded; undefined for a new app. */
    base,
    editing,
    values,
    set,
    text,
    touch,
    errorOf,
    otherError,
    groups,
    toggleGroup,
    terms: { ...terms, serverError: serverErrors.terms, showProblem: touched.has('terms') },
    lists: {
      ...lists,
      /** An input of the list was left: its problems show from now on. */
      touch: (field: (typeof LIST_FIELDS)[number]) =>
        setTouched((current) => (current.has(field) ? current : new Set([...current, field]))),
    },
    access: {
      values: access,
      set: setAccessValue,
      touch: touchAccess,
      errorOf: accessErrorOf,
    },
    derivedId: derivedId(values),
    preview,
    logoUrl,
    logoProblem,
    setLogoProblem,
    chooseLogo,
    removeLogo,
    conflict,
    formError,
    busy,
    submit,
    reload,
    refs: { heading, form },
  };
}

import type { Actor } from '../../shared/api/admin-schemas.js';
import type { AdminBranding } from '../../shared/api/branding-schemas.js';
import { checkBrandingChange } from '../../shared/branding/branding-rules.js';
import { sameValue } from '../../shared/i18n/localized-text.js';
import type { BrandingRepository, BrandingTexts, PortalImageKind } from './branding.repository.js';
import type { Branding } from './branding.service.js';
import { applyPortalSection, type PortalSection } from './branding-file.js';
import { NotFoundError } from '../http/errors.js';
import { checkLogo, type LogoChecks } from '../files/logo-files.js';
import type { Db } from '../db/database.js';
import { audited, type Trx } from '../audit/unit-of-work.js';
import { invalidFields } from '../admin-http/admin-errors.js';

const imageAudit = (kind: PortalImageKind, image?: { contentType: string; sha256: string }) =>
  image ? { [kind]: { contentType: image.contentType, sha256: image.sha256 } } : { [kind]: null };

/**
 * Changes of the portal's branding (docs/admin.md, "Branding"): each checked, written in one
 * transaction with its audit entry (action `branding`, what changed before and after), and
 * the instance's kept copy dropped so its next answer and page show it.
 */
export function createPortalBrandingService(deps: {
  repository: BrandingRepository;
  branding: Branding;
  db: Db;
  clock: () => string;
  logoChecks: LogoChecks;
  /** DEFAULT_LANGUAGE: a text given per language keeps this language's in its plain column. */
  defaultLanguage?: string;
}) {
  const { repository, branding } = deps;

  /**
   * One change of the logo or favicon (`image` is the new one, none to remove it): the change,
   * the branding's new version and the audit entry in one transaction, then the read side sees it.
   */
  async function changeImage(
    actor: Actor,
    kind: PortalImageKind,
    image: { contentType: string; sha256: string } | undefined,
    change: (trx: Trx, at: string) => Promise<void>,
  ): Promise<AdminBranding> {
    await audited(deps.db, { actor, at: deps.clock() }, async ({ trx, at, audit }) => {
      const current = await repository.read(trx);
      const before = current.images[kind];
      if (!image && !before) throw new NotFoundError(`There is no ${kind} to remove.`);
      await change(trx, at);
      await repository.write(trx, current.texts, actor, at, deps.defaultLanguage);
      await audit({
        action: 'branding',
        appId: null,
        before: imageAudit(kind, before),
        after: imageAudit(kind, image),
      });
    });
    branding.invalidate();
    return branding.adminView();
  }

  return {
    view(): Promise<AdminBranding> {
      return branding.adminView();
    },

    /** Sets texts and colour; null gives a field back to the configuration. */
    async update(actor: Actor, body: Record<string, unknown>): Promise<AdminBranding> {
      const { change, errors } = checkBrandingChange(body);
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      await audited(deps.db, { actor, at: deps.clock() }, async ({ trx, at, audit }) => {
        const current = await repository.read(trx);
        const texts: BrandingTexts = { ...current.texts, ...change };
        const changed = (Object.keys(change) as (keyof BrandingTexts)[]).filter(
          (field) => !sameValue(current.texts[field], texts[field]),
        );
        if (changed.length === 0) return;
        await repository.write(trx, texts, actor, at, deps.defaultLanguage);
        await audit({
          action: 'branding',
          appId: null,
          before: Object.fromEntries(changed.map((field) => [field, current.texts[field]])),
          after: Object.fromEntries(changed.map((field) => [field, texts[field]])),
        });
      });
      branding.invalidate();
      return branding.adminView();
    },

    /**
     * Applies a catalog file's `portal:` section (already checked as it was read): its texts and
     * images in one transaction, one audit entry with what changed. Nothing changed: no entry.
     */
    async applySection(actor: Actor, section: PortalSection): Promise<void> {
      await applyPortalSection({ repository, db: deps.db, clock: deps.clock }, actor, section);
      branding.invalidate();
    },

    /** Replaces the logo or favicon; a bad file (400/413/415) changes nothing. */
    async putImage(actor: Actor, kind: PortalImageKind, bytes: Buffer): Promise<AdminBranding> {
      const image = await checkLogo(bytes, deps.logoChecks);
      return changeImage(actor, kind, image, (trx, at) =>
        repository.putImage(trx, kind, image, at),
      );
    },

    /** Removes the logo or favicon: the built-in one shows again. 404 when there is none. */
    async deleteImage(actor: Actor, kind: PortalImageKind): Promise<AdminBranding> {
      return changeImage(actor, kind, undefined, (trx) => repository.deleteImage(trx, kind));
    },
  };
}

export type PortalBrandingService = ReturnType<typeof createPortalBrandingService>;

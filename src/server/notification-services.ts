// The services that tell people things (docs/notifications.md), built once by services.ts:
// notices mailed to their audience, groups' webhook channels and what each person follows. The
// notifier that turns status changes into messages runs on one instance, started by main.ts.
import type { CatalogSnapshot } from './catalog/catalog-snapshot.js';
import type { Config } from './config/config.js';
import type { Db } from './db/database.js';
import { createGroupChannelsRepository } from './group-channels/group-channels.repository.js';
import { createGroupChannelsService } from './group-channels/group-channels.service.js';
import type { createTranslators } from './i18n/translator.js';
import { createNoticeMailing } from './notices/notice-mailing.js';
import { createOutbox } from './outbox/outbox.js';
import { createSubscriptionsRepository } from './subscriptions/subscriptions.repository.js';
import { createSubscriptionsService } from './subscriptions/subscriptions.service.js';
import type { UsersRepository } from './users/users.repository.js';

export function createNotificationServices(deps: {
  config: Config;
  db: Db;
  clock: () => string;
  now?: () => number;
  snapshot: CatalogSnapshot;
  users: Pick<UsersRepository, 'findBySubject'>;
  /** The server's texts; mails to many people are written in DEFAULT_LANGUAGE. */
  serverTexts: ReturnType<typeof createTranslators>;
}) {
  const { config, db, clock, snapshot } = deps;
  const language = config.defaultLanguage;
  const t = deps.serverTexts(language);
  const visibleApps = snapshot.visibleApps;
  const groupChannels = createGroupChannelsService({
    channels: createGroupChannelsRepository(db),
    db,
    clock,
    accessSettings: snapshot.accessSettings,
    adminRole: config.oidc.adminRole,
    visibleApps,
    t,
  });
  return {
    /** A notice mailed to its audience when published (portal-notices.service.ts uses it). */
    noticeMailing: createNoticeMailing({
      db,
      outbox: createOutbox({ now: deps.now }),
      visibleApps,
      mailTexts: { language, t },
      publicUrl: config.publicUrl,
    }),
    /** Group channels: the routes' service, the outbox's `lookup`, the notifier's `messages`. */
    groupChannels,
    /** What a signed-in person follows, their settings and personal calendar. */
    subscriptions: createSubscriptionsService({
      db,
      repository: createSubscriptionsRepository(db),
      visibleApps: (viewer, viewerLanguage) => visibleApps(viewer, viewerLanguage),
      groupsOf: async (subject) => (await deps.users.findBySubject(subject))?.groups,
      clock,
    }),
  };
}

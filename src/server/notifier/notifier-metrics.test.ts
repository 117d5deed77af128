import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { createMetrics } from '../system/metrics.js';
import { addPerson, seedApps, setState, testNotifier } from './test-support/notify-fixtures.js';

let db: Db;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await db.destroy();
});

describe('the notification counters on /metrics', () => {
  it('count queued changes, holds by reason, and sent and failed mails', async () => {
    const metrics = createMetrics();
    const clock = { now: Date.parse('2026-11-25T10:00:00Z') };
    await seedApps(db, [{ id: 'napari', isPublic: true }]);
    await setState(db, 'napari', 'up', clock.now - 3_600_000);
    await addPerson(db, {
      subject: 'alice',
      follows: ['napari'],
      quietFrom: '00:00',
      quietTo: '23:59',
    });
    const notifier = testNotifier(db, clock, { counters: metrics.notifications });
    await notifier.runOnce();
    await setState(db, 'napari', 'down', clock.now);
    for (let i = 0; i < 5; i += 1) {
      clock.now += 60_000;
      await notifier.runOnce();
    }
    metrics.notifications.sent();
    metrics.notifications.failed();
    const text = await metrics.registry.metrics();
    expect(text).toContain('portal_notifications_queued_total 1');
    expect(text).toContain('portal_notifications_suppressed_total{reason="quiet_hours"} 1');
    expect(text).toContain('portal_notifications_sent_total 1');
    expect(text).toContain('portal_notifications_failed_total 1');
  });
});

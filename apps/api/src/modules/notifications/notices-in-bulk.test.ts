import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { createJobQueue } from '../../platform/jobs/job-queue.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import type { NotificationKind } from './notification-kinds.ts';
import { createNotificationRepository } from './notification-repository.ts';
import { createNotifier, type Notice } from './notifier.ts';

let ctx: TestContext;
const at = new Date('2030-03-10T09:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const notifierOf = () =>
  createNotifier({
    db: ctx.database.db,
    repo: createNotificationRepository(ctx.database.db),
    jobs: createJobQueue({ db: ctx.database.db, now: () => at }),
    mailer: { send: async () => {} },
    sms: { send: async () => {} },
    appUrl: 'http://localhost:3000',
    now: () => at,
  });

const noticeOf = (userId: string, kind: NotificationKind, n: number): Notice => ({
  userId,
  kind,
  title: `Title ${n}`,
  body: `Body ${n}`,
  link: `/somewhere/${n}`,
  tab: 'items',
  groupKey: `group:${n}`,
  eventKey: `bulk-test:${kind}:${n}`,
});

/** Each of the member's notices (by title) with the jobs queued for it, as the email and text workers would find them. */
async function writtenFor(userId: string) {
  return queryRows<{ kind: string; title: string; jobs: string[] }>(
    ctx.database.db,
    sql`select n.kind, n.title, coalesce(array_agg(j.name || '@' || j.max_attempts || '@' || (j.run_at = ${at}) order by j.name)
                 filter (where j.id is not null), '{}') as jobs
          from notifications n left join jobs j on j.payload->>'notificationId' = n.id::text and j.key = j.name || ':' || n.id
         where n.user_id = ${userId} group by n.id, n.kind, n.title order by n.title`,
  );
}

const KINDS: NotificationKind[] = ['search.alert', 'rental.booked', 'rental.return_reminder', 'order.paid', 'message.received'];
const SETTINGS: Array<Partial<NotificationPreferences> | null> = [
  null,
  { email: false },
  { sms: false },
  { newRequests: false, returnReminders: false },
  { email: false, sms: false, statusUpdates: false },
];

describe('many notices in one statement', () => {
  it('writes the same notices and email and text jobs as one notice at a time, whatever the preferences', async () => {
    const notifier = notifierOf();
    for (const setting of SETTINGS) {
      const one = await createUser(ctx.database.db);
      const many = await createUser(ctx.database.db);
      if (setting)
        await ctx.database.db.execute(
          sql`insert into notification_preferences (user_id, email, sms, new_requests, status_updates, return_reminders)
              select u, ${setting.email ?? true}, ${setting.sms ?? true}, ${setting.newRequests ?? true}, ${setting.statusUpdates ?? true},
                     ${setting.returnReminders ?? DEFAULT_NOTIFICATION_PREFERENCES.returnReminders}
                from unnest(array[${one.id}, ${many.id}]) u`,
        );
      await ctx.database.db.transaction(async (tx) => {
        for (const [n, kind] of KINDS.entries()) await notifier.notify(tx, noticeOf(one.id, kind, n));
      });
      const written = await ctx.database.db.transaction((tx) =>
        notifier.notifyMany(
          tx,
          KINDS.map((kind, n) => noticeOf(many.id, kind, n)),
        ),
      );
      expect(written).toBe(KINDS.length);
      const expected = await writtenFor(one.id);
      expect(expected).toHaveLength(KINDS.length);
      expect(await writtenFor(many.id), JSON.stringify(setting)).toEqual(expected);
    }
  });

  it('writes a notice once per member and cause: a second with the same event key, in the batch or after, is not', async () => {
    const notifier = notifierOf();
    const member = await createUser(ctx.database.db);
    const first = noticeOf(member.id, 'search.alert', 1);
    expect(await ctx.database.db.transaction((tx) => notifier.notifyMany(tx, [first, noticeOf(member.id, 'search.alert', 2)]))).toBe(2);
    expect(await ctx.database.db.transaction((tx) => notifier.notifyMany(tx, [first, noticeOf(member.id, 'search.alert', 3)]))).toBe(1);
    const rows = await writtenFor(member.id);
    expect(rows.map((r) => [r.title, r.jobs.length])).toEqual([
      ['Title 1', 1],
      ['Title 2', 1],
      ['Title 3', 1],
    ]);
  });
});

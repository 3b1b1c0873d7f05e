import { and, count, eq, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type NotificationTab } from '@toolshed/core/contract';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { toInt, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/row-values.ts';
import { notificationPreferences, notifications, rentals } from '../../db/schema.ts';
import { createNoticeContextReads } from './notice-context-repository.ts';

export type { ExtensionContext, OrderContext, OrderLine, Recipient, RentalContext } from './notice-contexts.ts';

export type NewNotification = typeof notifications.$inferInsert & { eventKey: string; tab: NotificationTab; groupKey: string };

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One entry of a tab: the notifications of one item, rental or the account. */
export interface NotificationGroup {
  groupKey: string;
  unreadCount: number;
  /** The newest notification's time, ISO. */
  latestAt: string;
}

/** One notification as a tab's entry lists it. */
export interface NotificationRecord {
  id: string;
  groupKey: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  /** ISO timestamps. */
  createdAt: string;
  readAt: string | null;
  itemId: string | null;
  rentalId: string | null;
}

interface GroupRow {
  group_key: string;
  unread_count: unknown;
  latest_at: unknown;
}

interface NotificationRow {
  id: string;
  group_key: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: unknown;
  read_at: unknown;
  item_id: string | null;
  rental_id: string | null;
}

const toGroup = (r: GroupRow): NotificationGroup => ({
  groupKey: r.group_key,
  unreadCount: toInt(r.unread_count, 'unread_count'),
  latestAt: toIsoTimestamp(r.latest_at, 'latest_at'),
});

const toNotification = (r: NotificationRow): NotificationRecord => ({
  id: r.id,
  groupKey: r.group_key,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: toIsoTimestamp(r.created_at, 'created_at'),
  readAt: toIsoTimestampOrNull(r.read_at, 'read_at'),
  itemId: r.item_id,
  rentalId: r.rental_id,
});

/** The newest `perGroup` notifications of each of these groups. */
async function noticesOfGroups(
  db: Db,
  userId: string,
  tab: NotificationTab,
  groupKeys: string[],
  perGroup: number,
): Promise<NotificationRecord[]> {
  if (groupKeys.length === 0) return [];
  const found = await rows<NotificationRow>(
    db,
    sql`select * from (
          select id, group_key, kind, title, body, link, created_at, read_at, item_id, rental_id,
                 row_number() over (partition by group_key order by created_at desc, id) as n
          from notifications
          where user_id = ${userId} and tab = ${tab} and group_key in (${sql.join(
            groupKeys.map((k) => sql`${k}`),
            sql`, `,
          )})
        ) t where n <= ${perGroup} order by created_at desc`,
  );
  return found.map(toNotification);
}

async function markGroupReadOf(db: Db, userId: string, tab: NotificationTab, groupKey: string, now: Date): Promise<number> {
  const done = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.tab, tab), eq(notifications.groupKey, groupKey), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  return done.length;
}

async function unreadByTabOf(db: Db, userId: string): Promise<Record<NotificationTab, number>> {
  const found = await db
    .select({ tab: notifications.tab, count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .groupBy(notifications.tab);
  const unreadIn = (tab: NotificationTab) => {
    const row = found.find((r) => r.tab === tab);
    return row ? toInt(row.count, 'count') : 0;
  };
  return { items: unreadIn('items'), rentals: unreadIn('rentals') };
}

/** The preferences of several users at once (the defaults for those who never saved any). */
async function preferencesOfUser(
  db: Db,
  userIds: readonly string[],
  executor: Executor = db,
): Promise<Map<string, NotificationPreferences>> {
  const out = new Map<string, NotificationPreferences>(userIds.map((id) => [id, { ...DEFAULT_NOTIFICATION_PREFERENCES }]));
  if (userIds.length === 0) return out;
  const rows = await executor
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...new Set(userIds)]));
  for (const { userId, email, push, sms, newRequests, statusUpdates, returnReminders, marketing } of rows)
    out.set(userId, { email, push, sms, newRequests, statusUpdates, returnReminders, marketing });
  return out;
}

/** Many notifications in one statement; those inserted (a user's second with the same event key is not). */
async function insertNotices(
  db: Db,
  executor: Executor,
  list: readonly NewNotification[],
): Promise<Array<{ id: string; userId: string; kind: string }>> {
  if (list.length === 0) return [];
  return executor
    .insert(notifications)
    .values([...list])
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey], where: sql`event_key is not null` })
    .returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });
}

/** Inserts unless this user already has a notification for this cause; the new id or null. */
async function insertNotice(db: Db, executor: Executor, row: NewNotification): Promise<string | null> {
  const inserted = await executor
    .insert(notifications)
    .values(row)
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey], where: sql`event_key is not null` })
    .returning({ id: notifications.id });
  return inserted[0]?.id ?? null;
}

async function preferencesOfOne(db: Db, userId: string, executor: Executor = db): Promise<NotificationPreferences> {
  const [row] = await executor.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  const { email, push, sms, newRequests, statusUpdates, returnReminders, marketing } = row;
  return { email, push, sms, newRequests, statusUpdates, returnReminders, marketing };
}

async function savePreferencesOf(db: Db, userId: string, prefs: NotificationPreferences, now: Date): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...prefs, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...prefs, updatedAt: now } });
}

async function unreadCountOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row ? toInt(row.count, 'count') : 0;
}

async function markNoticesRead(db: Db, userId: string, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt)));
}

async function markAllNoticesRead(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

async function notificationById(db: Db, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** The only place the notifications' SQL lives (with the reads of their subjects, notice-context-repository.ts). */
export function createNotificationRepository(db: Db) {
  return {
    ...createNoticeContextReads(db),
    insert: withDb(db, insertNotice),

    insertMany: withDb(db, insertNotices),

    preferencesOf: withDb(db, preferencesOfUser),

    preferences: withDb(db, preferencesOfOne),

    savePreferences: withDb(db, savePreferencesOf),

    unreadCount: withDb(db, unreadCountOf),

    unreadByTab: withDb(db, unreadByTabOf),

    /*
     * The groups of a tab and their newest notifications stay SQL: counts filtered by unread in the
     * order, and a window numbering each group's rows under a select of them, which the builder
     * cannot say as plainly.
     */

    /** Entries of a tab: unread first, then by unread count (descending), then the newest. */
    groups: async (userId: string, tab: NotificationTab, limit: number, offset = 0): Promise<NotificationGroup[]> =>
      (
        await rows<GroupRow>(
          db,
          sql`select group_key, (count(*) filter (where read_at is null))::int as unread_count, max(created_at) as latest_at
            from notifications where user_id = ${userId} and tab = ${tab}
            group by group_key
            order by (count(*) filter (where read_at is null) > 0) desc, count(*) filter (where read_at is null) desc, max(created_at) desc, group_key
            limit ${limit} offset ${offset}`,
        )
      ).map(toGroup),

    /** How many entries (groups) a tab has. */
    countGroups: async (userId: string, tab: NotificationTab): Promise<number> =>
      Number(
        (
          await rows<{ total: number }>(
            db,
            sql`select count(distinct group_key)::int as total from notifications where user_id = ${userId} and tab = ${tab}`,
          )
        )[0]?.total ?? 0,
      ),

    ofGroups: withDb(db, noticesOfGroups),

    notification: withDb(db, notificationById),

    markGroupRead: withDb(db, markGroupReadOf),

    markRead: withDb(db, markNoticesRead),

    markAllRead: withDb(db, markAllNoticesRead),

    /** Active rentals ending on this date (return reminders) or that ended on it and are still out (overdue). */
    rentalsEndingOn: (date: string) =>
      db
        .select({ id: rentals.id })
        .from(rentals)
        .where(and(eq(rentals.endDate, date), not(rentals.returned), isNull(rentals.cancelledAt))),
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

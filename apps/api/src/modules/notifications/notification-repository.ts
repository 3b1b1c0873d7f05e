import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type NotificationTab } from '@toolshed/core/contract';
import type { Db, Executor } from '../../db/database.ts';
import { notificationPreferences, notifications } from '../../db/schema.ts';

export type NewNotification = typeof notifications.$inferInsert & { eventKey: string; tab: NotificationTab; groupKey: string };

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface GroupRow {
  group_key: string;
  unread_count: number;
  latest_at: string;
}

export interface RentalContext {
  id: string;
  item_id: string;
  item_name: string;
  renter_id: string;
  renter_name: string;
  owner_id: string;
  owner_name: string;
  start_date: string;
  end_date: string;
  total_pence: number;
  returned: boolean;
  cancelled: boolean;
}

/** A paid checkout as its renter's receipt shows it. */
export interface OrderContext {
  id: string;
  renter_id: string;
  subtotal_pence: number;
  service_fee_pence: number;
  amount_pence: number;
  brand: string;
  last4: string;
  /** The London date the order was paid (its checkout). */
  paid_on: string;
  /** By rental id: the order the fee shares (and so the refunds) follow. */
  lines: OrderLine[];
}

export interface OrderLine {
  rental_id: string;
  item_name: string;
  owner_name: string;
  owner_email: string;
  /** Only a verified phone, as the rental page shows it. */
  owner_phone: string | null;
  start_date: string;
  end_date: string;
  total_pence: number;
  address: string | null;
  city: string | null;
  postcode: string | null;
  returned: boolean;
  cancelled: boolean;
}

export interface Recipient {
  id: string;
  name: string;
  email: string;
  deleted: boolean;
  phone_country_code: string | null;
  phone_number: string | null;
  phone_verified: boolean;
}

/** The only place the notifications' SQL lives. */
export function createNotificationRepository(db: Db) {
  return {
    /** Inserts unless this user already has a notification for this cause; the new id or null. */
    async insert(executor: Executor, row: NewNotification): Promise<string | null> {
      const inserted = await executor
        .insert(notifications)
        .values(row)
        .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey], where: sql`event_key is not null` })
        .returning({ id: notifications.id });
      return inserted[0]?.id ?? null;
    },

    async preferences(userId: string, executor: Executor = db): Promise<NotificationPreferences> {
      const [row] = await executor.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
      if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
      const { email, push, sms, newRequests, statusUpdates, returnReminders, marketing } = row;
      return { email, push, sms, newRequests, statusUpdates, returnReminders, marketing };
    },

    async savePreferences(userId: string, prefs: NotificationPreferences, now: Date): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values({ userId, ...prefs, updatedAt: now })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...prefs, updatedAt: now } });
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await rows<{ count: number }>(
        db,
        sql`select count(*)::int as count from notifications where user_id = ${userId} and read_at is null`,
      );
      return row?.count ?? 0;
    },

    async unreadByTab(userId: string): Promise<Record<NotificationTab, number>> {
      const found = await rows<{ tab: NotificationTab; count: number }>(
        db,
        sql`select tab, count(*)::int as count from notifications where user_id = ${userId} and read_at is null group by tab`,
      );
      return { items: found.find((r) => r.tab === 'items')?.count ?? 0, rentals: found.find((r) => r.tab === 'rentals')?.count ?? 0 };
    },

    /** Entries of a tab: unread first, then by unread count (descending), then the newest. */
    groups: (userId: string, tab: NotificationTab, limit: number) =>
      rows<GroupRow>(
        db,
        sql`select group_key, (count(*) filter (where read_at is null))::int as unread_count, max(created_at) as latest_at
            from notifications where user_id = ${userId} and tab = ${tab}
            group by group_key
            order by (count(*) filter (where read_at is null) > 0) desc, count(*) filter (where read_at is null) desc, max(created_at) desc
            limit ${limit}`,
      ),

    /** The newest `perGroup` notifications of each of these groups. */
    async ofGroups(userId: string, tab: NotificationTab, groupKeys: string[], perGroup: number) {
      if (groupKeys.length === 0) return [];
      return rows<{
        id: string;
        group_key: string;
        kind: string;
        title: string;
        body: string;
        link: string | null;
        created_at: string;
        read_at: string | null;
        item_id: string | null;
        rental_id: string | null;
      }>(
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
    },

    itemNames: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : rows<{ id: string; name: string }>(
            db,
            sql`select id, name from items where id in (${sql.join(
              ids.map((i) => sql`${i}::uuid`),
              sql`, `,
            )})`,
          ),

    rentals: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : rows<RentalContext>(
            db,
            sql`${selectRental} where r.id in (${sql.join(
              ids.map((i) => sql`${i}::uuid`),
              sql`, `,
            )})`,
          ),

    async rental(executor: Executor, rentalId: string): Promise<RentalContext | undefined> {
      return (await rows<RentalContext>(executor, sql`${selectRental} where r.id = ${rentalId}::uuid`))[0];
    },

    async itemName(executor: Executor, itemId: string): Promise<string | undefined> {
      return (await rows<{ name: string }>(executor, sql`select name from items where id = ${itemId}::uuid`))[0]?.name;
    },

    /** A message with its thread's people and item, for the recipient's notice. */
    async message(messageId: string) {
      const found = await rows<{
        body: string;
        sender_id: string;
        sender_name: string;
        owner_id: string;
        renter_id: string;
        item_id: string;
        item_name: string;
      }>(
        db,
        sql`select m.body, m.sender_id, s.name as sender_name, t.owner_id, t.renter_id, t.item_id, i.name as item_name
            from messages m join message_threads t on t.id = m.thread_id join users s on s.id = m.sender_id join items i on i.id = t.item_id
            where m.id = ${messageId}::uuid`,
      );
      return found[0];
    },

    /** A checkout's payment with every line of it, for the renter's receipt. */
    async order(executor: Executor, paymentId: string): Promise<OrderContext | undefined> {
      const [payment] = await rows<Omit<OrderContext, 'lines'>>(
        executor,
        sql`select id, renter_id, subtotal_pence, service_fee_pence, amount_pence, brand, last4,
                   to_char(created_at at time zone 'Europe/London', 'YYYY-MM-DD') as paid_on
            from payments where id = ${paymentId}::uuid`,
      );
      if (!payment) return undefined;
      const lines = await rows<OrderLine>(
        executor,
        sql`select r.id as rental_id, i.name as item_name, o.name as owner_name, o.email as owner_email,
                   case when o.phone_verified and o.phone_number is not null then concat_ws(' ', o.phone_country_code, o.phone_number) end as owner_phone,
                   r.start_date::text as start_date, r.end_date::text as end_date, r.total_pence,
                   i.address, i.city, i.postcode, r.returned, r.cancelled_at is not null as cancelled
            from rentals r join items i on i.id = r.item_id join users o on o.id = r.owner_id
            where r.payment_id = ${paymentId}::uuid order by r.id`,
      );
      return { ...payment, lines };
    },

    async recipient(executor: Executor, userId: string): Promise<Recipient | undefined> {
      const found = await rows<Recipient>(
        executor,
        sql`select id, name, email, deleted_at is not null as deleted, phone_country_code, phone_number, phone_verified from users where id = ${userId}`,
      );
      return found[0];
    },

    async notification(id: string) {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      return row;
    },

    async markGroupRead(userId: string, tab: NotificationTab, groupKey: string, now: Date): Promise<number> {
      const done = await db
        .update(notifications)
        .set({ readAt: now })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.tab, tab),
            eq(notifications.groupKey, groupKey),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      return done.length;
    },

    async markRead(userId: string, ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt)));
    },

    async markAllRead(userId: string, now: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },

    /** Active rentals ending on this date (return reminders) or that ended on it and are still out (overdue). */
    rentalsEndingOn: (date: string) =>
      rows<{ id: string }>(db, sql`select id from rentals where end_date = ${date}::date and not returned and cancelled_at is null`),
  };
}

const selectRental = sql`select r.id, r.item_id, i.name as item_name, r.renter_id, rn.name as renter_name, r.owner_id, o.name as owner_name,
         r.start_date::text as start_date, r.end_date::text as end_date, r.total_pence, r.returned, r.cancelled_at is not null as cancelled
  from rentals r join items i on i.id = r.item_id join users rn on rn.id = r.renter_id join users o on o.id = r.owner_id`;

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

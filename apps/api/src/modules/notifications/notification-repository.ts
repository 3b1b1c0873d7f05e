import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type NotificationTab } from '@toolshed/core/contract';
import type { Db, Executor } from '../../db/database.ts';
import { toInt, toIsoDate, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/row-values.ts';
import { notificationPreferences, notifications } from '../../db/schema.ts';

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

/** A rental as its notices tell it. */
export interface RentalContext {
  id: string;
  itemId: string;
  itemName: string;
  renterId: string;
  renterName: string;
  ownerId: string;
  ownerName: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  totalPence: number;
  returned: boolean;
  cancelled: boolean;
}

/** A message with its thread's people and item. */
export interface MessageContext {
  body: string;
  senderId: string;
  senderName: string;
  ownerId: string;
  renterId: string;
  itemId: string;
  itemName: string;
}

/** A paid checkout as its renter's receipt shows it. */
export interface OrderContext {
  id: string;
  renterId: string;
  subtotalPence: number;
  serviceFeePence: number;
  amountPence: number;
  brand: string;
  last4: string;
  /** The London date the order was paid (its checkout). */
  paidOn: string;
  /** By rental id: the order the fee shares (and so the refunds) follow. */
  lines: OrderLine[];
}

export interface OrderLine {
  rentalId: string;
  itemName: string;
  ownerName: string;
  ownerEmail: string;
  /** Only a verified phone, as the rental page shows it. */
  ownerPhone: string | null;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  totalPence: number;
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
  phoneCountryCode: string | null;
  phoneNumber: string | null;
  phoneVerified: boolean;
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

interface RentalRow {
  id: string;
  item_id: string;
  item_name: string;
  renter_id: string;
  renter_name: string;
  owner_id: string;
  owner_name: string;
  start_date: unknown;
  end_date: unknown;
  total_pence: unknown;
  returned: boolean;
  cancelled: boolean;
}

interface MessageRow {
  body: string;
  sender_id: string;
  sender_name: string;
  owner_id: string;
  renter_id: string;
  item_id: string;
  item_name: string;
}

interface PaymentRow {
  id: string;
  renter_id: string;
  subtotal_pence: unknown;
  service_fee_pence: unknown;
  amount_pence: unknown;
  brand: string;
  last4: string;
  paid_on: unknown;
}

interface OrderLineRow {
  rental_id: string;
  item_name: string;
  owner_name: string;
  owner_email: string;
  owner_phone: string | null;
  start_date: unknown;
  end_date: unknown;
  total_pence: unknown;
  address: string | null;
  city: string | null;
  postcode: string | null;
  returned: boolean;
  cancelled: boolean;
}

interface RecipientRow {
  id: string;
  name: string;
  email: string;
  deleted: boolean;
  phone_country_code: string | null;
  phone_number: string | null;
  phone_verified: boolean;
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

const toRental = (r: RentalRow): RentalContext => ({
  id: r.id,
  itemId: r.item_id,
  itemName: r.item_name,
  renterId: r.renter_id,
  renterName: r.renter_name,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  startDate: toIsoDate(r.start_date, 'start_date'),
  endDate: toIsoDate(r.end_date, 'end_date'),
  totalPence: toInt(r.total_pence, 'total_pence'),
  returned: r.returned,
  cancelled: r.cancelled,
});

const toMessage = (r: MessageRow): MessageContext => ({
  body: r.body,
  senderId: r.sender_id,
  senderName: r.sender_name,
  ownerId: r.owner_id,
  renterId: r.renter_id,
  itemId: r.item_id,
  itemName: r.item_name,
});

const toOrderLine = (r: OrderLineRow): OrderLine => ({
  rentalId: r.rental_id,
  itemName: r.item_name,
  ownerName: r.owner_name,
  ownerEmail: r.owner_email,
  ownerPhone: r.owner_phone,
  startDate: toIsoDate(r.start_date, 'start_date'),
  endDate: toIsoDate(r.end_date, 'end_date'),
  totalPence: toInt(r.total_pence, 'total_pence'),
  address: r.address,
  city: r.city,
  postcode: r.postcode,
  returned: r.returned,
  cancelled: r.cancelled,
});

const toOrder = (r: PaymentRow, lines: OrderLine[]): OrderContext => ({
  id: r.id,
  renterId: r.renter_id,
  subtotalPence: toInt(r.subtotal_pence, 'subtotal_pence'),
  serviceFeePence: toInt(r.service_fee_pence, 'service_fee_pence'),
  amountPence: toInt(r.amount_pence, 'amount_pence'),
  brand: r.brand,
  last4: r.last4,
  paidOn: toIsoDate(r.paid_on, 'paid_on'),
  lines,
});

const toRecipient = (r: RecipientRow): Recipient => ({
  id: r.id,
  name: r.name,
  email: r.email,
  deleted: r.deleted,
  phoneCountryCode: r.phone_country_code,
  phoneNumber: r.phone_number,
  phoneVerified: r.phone_verified,
});

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
      const [row] = await rows<{ count: unknown }>(
        db,
        sql`select count(*)::int as count from notifications where user_id = ${userId} and read_at is null`,
      );
      return row ? toInt(row.count, 'count') : 0;
    },

    async unreadByTab(userId: string): Promise<Record<NotificationTab, number>> {
      const found = await rows<{ tab: NotificationTab; count: unknown }>(
        db,
        sql`select tab, count(*)::int as count from notifications where user_id = ${userId} and read_at is null group by tab`,
      );
      const count = (tab: NotificationTab) => {
        const row = found.find((r) => r.tab === tab);
        return row ? toInt(row.count, 'count') : 0;
      };
      return { items: count('items'), rentals: count('rentals') };
    },

    /** Entries of a tab: unread first, then by unread count (descending), then the newest. */
    groups: async (userId: string, tab: NotificationTab, limit: number): Promise<NotificationGroup[]> =>
      (
        await rows<GroupRow>(
          db,
          sql`select group_key, (count(*) filter (where read_at is null))::int as unread_count, max(created_at) as latest_at
            from notifications where user_id = ${userId} and tab = ${tab}
            group by group_key
            order by (count(*) filter (where read_at is null) > 0) desc, count(*) filter (where read_at is null) desc, max(created_at) desc
            limit ${limit}`,
        )
      ).map(toGroup),

    /** The newest `perGroup` notifications of each of these groups. */
    async ofGroups(userId: string, tab: NotificationTab, groupKeys: string[], perGroup: number): Promise<NotificationRecord[]> {
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

    rentals: async (ids: string[]): Promise<RentalContext[]> =>
      ids.length === 0
        ? []
        : (
            await rows<RentalRow>(
              db,
              sql`${selectRental} where r.id in (${sql.join(
                ids.map((i) => sql`${i}::uuid`),
                sql`, `,
              )})`,
            )
          ).map(toRental),

    async rental(executor: Executor, rentalId: string): Promise<RentalContext | undefined> {
      return (await rows<RentalRow>(executor, sql`${selectRental} where r.id = ${rentalId}::uuid`)).map(toRental)[0];
    },

    async itemName(executor: Executor, itemId: string): Promise<string | undefined> {
      return (await rows<{ name: string }>(executor, sql`select name from items where id = ${itemId}::uuid`))[0]?.name;
    },

    /** A message with its thread's people and item, for the recipient's notice. */
    async message(messageId: string): Promise<MessageContext | undefined> {
      const found = await rows<MessageRow>(
        db,
        sql`select m.body, m.sender_id, s.name as sender_name, t.owner_id, t.renter_id, t.item_id, i.name as item_name
            from messages m join message_threads t on t.id = m.thread_id join users s on s.id = m.sender_id join items i on i.id = t.item_id
            where m.id = ${messageId}::uuid`,
      );
      return found.map(toMessage)[0];
    },

    /** A checkout's payment with every line of it, for the renter's receipt. */
    async order(executor: Executor, paymentId: string): Promise<OrderContext | undefined> {
      const [payment] = await rows<PaymentRow>(
        executor,
        sql`select id, renter_id, subtotal_pence, service_fee_pence, amount_pence, brand, last4,
                   to_char(created_at at time zone 'Europe/London', 'YYYY-MM-DD') as paid_on
            from payments where id = ${paymentId}::uuid`,
      );
      if (!payment) return undefined;
      const lines = await rows<OrderLineRow>(
        executor,
        sql`select r.id as rental_id, i.name as item_name, o.name as owner_name, o.email as owner_email,
                   case when o.phone_verified and o.phone_number is not null then concat_ws(' ', o.phone_country_code, o.phone_number) end as owner_phone,
                   r.start_date::text as start_date, r.end_date::text as end_date, r.total_pence,
                   i.address, i.city, i.postcode, r.returned, r.cancelled_at is not null as cancelled
            from rentals r join items i on i.id = r.item_id join users o on o.id = r.owner_id
            where r.payment_id = ${paymentId}::uuid order by r.id`,
      );
      return toOrder(payment, lines.map(toOrderLine));
    },

    async recipient(executor: Executor, userId: string): Promise<Recipient | undefined> {
      const found = await rows<RecipientRow>(
        executor,
        sql`select id, name, email, deleted_at is not null as deleted, phone_country_code, phone_number, phone_verified from users where id = ${userId}`,
      );
      return found.map(toRecipient)[0];
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

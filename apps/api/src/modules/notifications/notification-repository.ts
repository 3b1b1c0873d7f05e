import { and, count, eq, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type NotificationTab } from '@toolshed/core/contract';
import type { RefundParts } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { toInt, toIsoDate, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/row-values.ts';
import {
  cardRefunds,
  depositHolds,
  items,
  messages,
  messageThreads,
  notificationPreferences,
  notifications,
  payments,
  rentalExtensions,
  rentals,
  users,
} from '../../db/schema.ts';

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
  /** The short reference people quote ('TS-7K3Q-92'). */
  reference: string;
  renterId: string;
  subtotalPence: number;
  serviceFeePence: number;
  amountPence: number;
  /** What of the charge the renter's Toolshed balance paid (the card the rest). */
  balancePence: number;
  brand: string;
  last4: string;
  /** The London date the order was paid (its checkout). */
  paidOn: string;
  /** By rental id: the order the fee shares (and so the refunds) follow. */
  lines: OrderLine[];
  /** Set on the part of an order a receipt covers: one request line, captured when its owner accepted. */
  acceptedRequest?: boolean;
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
  /** The rates charged, frozen at booking (null: an older rental that did not record them). */
  dailyRatePence: number | null;
  weeklyRatePence: number | null;
  /** null: booked instantly (captured at checkout); else the request's answer, captured on acceptance. */
  requestStatus: string | null;
  requestAmountPence: number | null;
  /** The refundable deposit held on the card for this line (0: none). */
  depositPence: number;
  /** The line's share of the checkout's service fee, once a receipt's part has been chosen (capturedPart). */
  feeSharePence?: number;
  address: string | null;
  city: string | null;
  postcode: string | null;
  returned: boolean;
  cancelled: boolean;
}

/** A paid extension as its renter's receipt shows it (the figures are the extension's own, fixed when it was paid). */
export interface ExtensionContext {
  id: string;
  rentalId: string;
  renterId: string;
  itemName: string;
  ownerName: string;
  /** 'paid' once charged; a receipt is written for nothing else. */
  status: string;
  /** YYYY-MM-DD: the rental's start, its end before and after the extension. */
  startDate: string;
  fromEndDate: string;
  toEndDate: string;
  /** What the extension added to the line and the fee (negative: the longer rental costs less). */
  linePence: number;
  feePence: number;
  paidWith: 'card' | 'balance';
  cardBrand: string | null;
  cardLast4: string | null;
  /** The rates charged, frozen at booking (null: an older rental that did not record them). */
  dailyRatePence: number | null;
  weeklyRatePence: number | null;
  /** The rental's order reference ('TS-7K3Q-92'); null for a rental without a checkout. */
  reference: string | null;
  /** Paid when the owner accepted (a request item) rather than at once. */
  accepted: boolean;
  /** The London date it was paid. */
  paidOn: string;
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

    /** Many notifications in one statement; those inserted (a user's second with the same event key is not). */
    async insertMany(executor: Executor, list: readonly NewNotification[]): Promise<Array<{ id: string; userId: string; kind: string }>> {
      if (list.length === 0) return [];
      return executor
        .insert(notifications)
        .values([...list])
        .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey], where: sql`event_key is not null` })
        .returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });
    },

    /** The preferences of several users at once (the defaults for those who never saved any). */
    async preferencesOf(userIds: readonly string[], executor: Executor = db): Promise<Map<string, NotificationPreferences>> {
      const out = new Map<string, NotificationPreferences>(userIds.map((id) => [id, { ...DEFAULT_NOTIFICATION_PREFERENCES }]));
      if (userIds.length === 0) return out;
      const rows = await executor
        .select()
        .from(notificationPreferences)
        .where(inArray(notificationPreferences.userId, [...new Set(userIds)]));
      for (const { userId, email, push, sms, newRequests, statusUpdates, returnReminders, marketing } of rows)
        out.set(userId, { email, push, sms, newRequests, statusUpdates, returnReminders, marketing });
      return out;
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
      const [row] = await db
        .select({ count: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row ? toInt(row.count, 'count') : 0;
    },

    async unreadByTab(userId: string): Promise<Record<NotificationTab, number>> {
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
    },

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
      ids.length === 0 ? Promise.resolve([]) : db.select({ id: items.id, name: items.name }).from(items).where(inArray(items.id, ids)),

    rentals: async (ids: string[]): Promise<RentalContext[]> =>
      ids.length === 0 ? [] : (await selectRental(db).where(inArray(rentals.id, ids))).map(toRental),

    async rental(executor: Executor, rentalId: string): Promise<RentalContext | undefined> {
      return (await selectRental(executor).where(eq(rentals.id, rentalId))).map(toRental)[0];
    },

    /** Where a cancelled rental's refund went: each card (a failed refund went to the balance instead) and the balance. */
    async refundParts(executor: Executor, rentalId: string): Promise<RefundParts> {
      const [rental] = await executor.select({ refund: rentals.refundPence }).from(rentals).where(eq(rentals.id, rentalId));
      const cards = await executor
        .select({ amountPence: cardRefunds.amountPence, brand: cardRefunds.brand, last4: cardRefunds.last4 })
        .from(cardRefunds)
        .where(and(eq(cardRefunds.rentalId, rentalId), not(eq(cardRefunds.status, 'failed'))))
        .orderBy(cardRefunds.createdAt, cardRefunds.id);
      const toCards = cards.map((c) => ({
        amountPence: c.amountPence,
        card: c.brand && c.last4 ? { brand: c.brand, last4: c.last4 } : null,
      }));
      const carded = toCards.reduce((sum, c) => sum + c.amountPence, 0);
      return { toCards, toBalancePence: Math.max(0, (rental?.refund ?? 0) - carded) };
    },

    async itemName(executor: Executor, itemId: string): Promise<string | undefined> {
      return (await executor.select({ name: items.name }).from(items).where(eq(items.id, itemId)))[0]?.name;
    },

    /** A message with its thread's people and item, for the recipient's notice. */
    async message(messageId: string): Promise<MessageContext | undefined> {
      const [found] = await db
        .select({
          body: messages.body,
          senderId: messages.senderId,
          senderName: users.name,
          ownerId: messageThreads.ownerId,
          renterId: messageThreads.renterId,
          itemId: messageThreads.itemId,
          itemName: items.name,
        })
        .from(messages)
        .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
        .innerJoin(users, eq(users.id, messages.senderId))
        .innerJoin(items, eq(items.id, messageThreads.itemId))
        .where(eq(messages.id, messageId));
      return found;
    },

    /** A checkout's payment with every line of it, for the renter's receipt. */
    async order(executor: Executor, paymentId: string): Promise<OrderContext | undefined> {
      const [payment] = await executor
        .select({
          id: payments.id,
          reference: payments.reference,
          renterId: payments.renterId,
          subtotalPence: payments.subtotalPence,
          serviceFeePence: payments.serviceFeePence,
          amountPence: payments.amountPence,
          balancePence: payments.balancePence,
          brand: payments.brand,
          last4: payments.last4,
          paidOn: sql<unknown>`to_char(${payments.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD')`,
        })
        .from(payments)
        .where(eq(payments.id, paymentId));
      if (!payment) return undefined;
      const lines = await executor
        .select({
          rentalId: rentals.id,
          itemName: items.name,
          ownerName: users.name,
          ownerEmail: users.email,
          ownerPhone: sql<
            string | null
          >`case when ${users.phoneVerified} and ${users.phoneNumber} is not null then concat_ws(' ', ${users.phoneCountryCode}, ${users.phoneNumber}) end`,
          startDate: rentals.startDate,
          endDate: rentals.endDate,
          totalPence: rentals.totalPence,
          dailyRatePence: rentals.dailyRatePence,
          weeklyRatePence: rentals.weeklyRatePence,
          requestStatus: rentals.requestStatus,
          requestAmountPence: rentals.requestAmountPence,
          depositPence: sql<number>`coalesce((select ${depositHolds.amountPence} from ${depositHolds} where ${depositHolds.rentalId} = ${rentals.id}), 0)::int`,
          address: items.address,
          city: items.city,
          postcode: items.postcode,
          returned: rentals.returned,
          cancelled: sql<boolean>`${rentals.cancelledAt} is not null`,
        })
        .from(rentals)
        .innerJoin(items, eq(items.id, rentals.itemId))
        .innerJoin(users, eq(users.id, rentals.ownerId))
        .where(eq(rentals.paymentId, paymentId))
        .orderBy(rentals.id);
      return {
        ...payment,
        paidOn: toIsoDate(payment.paidOn, 'paid_on'),
        lines: lines.map((l) => ({ ...l, startDate: toIsoDate(l.startDate, 'start_date'), endDate: toIsoDate(l.endDate, 'end_date') })),
      };
    },

    /** One extension with its rental, item, owner and order reference, for the renter's receipt. */
    async extension(executor: Executor, extensionId: string): Promise<ExtensionContext | undefined> {
      const [found] = await executor
        .select({
          id: rentalExtensions.id,
          rentalId: rentals.id,
          renterId: rentals.renterId,
          itemName: items.name,
          ownerName: users.name,
          status: rentalExtensions.status,
          startDate: rentals.startDate,
          fromEndDate: rentalExtensions.fromEndDate,
          toEndDate: rentalExtensions.toEndDate,
          linePence: rentalExtensions.linePence,
          feePence: rentalExtensions.feePence,
          paidWith: sql<ExtensionContext['paidWith']>`${rentalExtensions.paidWith}`,
          cardBrand: rentalExtensions.cardBrand,
          cardLast4: rentalExtensions.cardLast4,
          dailyRatePence: rentals.dailyRatePence,
          weeklyRatePence: rentals.weeklyRatePence,
          reference: payments.reference,
          // A request item's extension waits for its owner: it was answered later than it was asked.
          accepted: sql<boolean>`${rentalExtensions.expiresAt} is not null`,
          paidOn: sql<unknown>`to_char(coalesce(${rentalExtensions.answeredAt}, ${rentalExtensions.createdAt}) at time zone 'Europe/London', 'YYYY-MM-DD')`,
        })
        .from(rentalExtensions)
        .innerJoin(rentals, eq(rentals.id, rentalExtensions.rentalId))
        .innerJoin(items, eq(items.id, rentals.itemId))
        .innerJoin(users, eq(users.id, rentals.ownerId))
        .leftJoin(payments, eq(payments.id, rentals.paymentId))
        .where(eq(rentalExtensions.id, extensionId));
      return (
        found && {
          ...found,
          startDate: toIsoDate(found.startDate, 'start_date'),
          fromEndDate: toIsoDate(found.fromEndDate, 'from_end_date'),
          toEndDate: toIsoDate(found.toEndDate, 'to_end_date'),
          paidOn: toIsoDate(found.paidOn, 'paid_on'),
        }
      );
    },

    /** The checkout payment a rental was paid with, if any. */
    async paymentOfRental(executor: Executor, rentalId: string): Promise<string | null> {
      const [row] = await executor.select({ paymentId: rentals.paymentId }).from(rentals).where(eq(rentals.id, rentalId));
      return row?.paymentId ?? null;
    },

    async recipient(executor: Executor, userId: string): Promise<Recipient | undefined> {
      const [found] = await executor
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          deleted: sql<boolean>`${users.deletedAt} is not null`,
          phoneCountryCode: users.phoneCountryCode,
          phoneNumber: users.phoneNumber,
          phoneVerified: users.phoneVerified,
        })
        .from(users)
        .where(eq(users.id, userId));
      return found;
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
      db
        .select({ id: rentals.id })
        .from(rentals)
        .where(and(eq(rentals.endDate, date), not(rentals.returned), isNull(rentals.cancelledAt))),
  };
}

const renter = alias(users, 'renter');
const owner = alias(users, 'owner');

/** A rental with its item's name and both parties' names. */
const selectRental = (executor: Executor) =>
  executor
    .select({
      id: rentals.id,
      itemId: rentals.itemId,
      itemName: items.name,
      renterId: rentals.renterId,
      renterName: renter.name,
      ownerId: rentals.ownerId,
      ownerName: owner.name,
      startDate: rentals.startDate,
      endDate: rentals.endDate,
      totalPence: rentals.totalPence,
      returned: rentals.returned,
      cancelled: sql<boolean>`${rentals.cancelledAt} is not null`,
    })
    .from(rentals)
    .innerJoin(items, eq(items.id, rentals.itemId))
    .innerJoin(renter, eq(renter.id, rentals.renterId))
    .innerJoin(owner, eq(owner.id, rentals.ownerId));

const toRental = (r: Awaited<ReturnType<typeof selectRental>>[number]): RentalContext => ({
  ...r,
  startDate: toIsoDate(r.startDate, 'start_date'),
  endDate: toIsoDate(r.endDate, 'end_date'),
});

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

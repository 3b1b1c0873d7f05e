import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { toInt, toIsoTimestamp, toNumberOrNull } from '../../db/row-values.ts';
import { items, rentalExtensions, rentals } from '../../db/schema.ts';
import { itemsWithBlockedDays } from '../calendar-sync/blocked-days-sql.ts';

/** What an extension needs of the item: how long it may be rented, whether the owner answers, its buffer. */
export interface ItemTerms {
  maxDays: number;
  bookingMode: 'instant' | 'request';
  bufferDays: number;
  categoryId: string;
}

/** A listed item of the same category free on the days asked for. */
export interface SimilarItem {
  id: string;
  name: string;
  dailyRatePence: number;
  city: string | null;
  /** Metres from the rental's item, public points; null when either has none. */
  distanceM: number | null;
}

/** An extension waiting for the owner, holding its days until expiresAt. */
export interface PendingExtension {
  id: string;
  rentalId: string;
  /** ISO timestamp. */
  expiresAt: string;
  /** YYYY-MM-DD */
  toEndDate: string;
  linePence: number;
  feePence: number;
  paidWith: 'card' | 'balance';
  authorizationId: string | null;
}

interface SimilarItemRow {
  id: string;
  name: string;
  daily_rate_pence: unknown;
  city: string | null;
  distance_m: unknown;
}

const toSimilarItem = (row: SimilarItemRow): SimilarItem => ({
  id: row.id,
  name: row.name,
  dailyRatePence: toInt(row.daily_rate_pence, 'daily_rate_pence'),
  city: row.city,
  distanceM: toNumberOrNull(row.distance_m, 'distance_m'),
});

/**
 * Open rentals and held requests of an item, other than `rentalId`, that meet these days with
 * buffers on both sides; a rental runs to the days its pending extension holds (held_end_date).
 * The statements built on it (free days, similar free items) stay SQL: date ranges compared with
 * `&&` and a distance computed in the select, which the builder cannot say.
 */
const clashing = (itemId: string | SQL, rentalId: string | null, from: string, to: string, buffer: number | SQL) => sql`
  exists (select 1 from rentals r where r.item_id = ${itemId} and ${rentalId === null ? sql`true` : sql`r.id <> ${rentalId}`} and not r.returned and r.cancelled_at is null
          and daterange(r.start_date, coalesce(r.held_end_date, r.end_date) + r.buffer_days, '[]') && daterange(${from}::date, ${to}::date + ${buffer}, '[]'))`;

async function recordExtension(
  db: Db,
  tx: Executor,
  e: {
    rentalId: string;
    fromEndDate: string;
    toEndDate: string;
    linePence: number;
    feePence: number;
    paidWith: 'card' | 'balance';
    authorizationId: string | null;
    /** The authorised card's brand and last four digits (null: paid from the balance). */
    card: { brand: string; last4: string } | null;
    status: 'paid' | 'pending';
    at: Date;
    expiresAt?: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(rentalExtensions)
    .values({
      rentalId: e.rentalId,
      fromEndDate: e.fromEndDate,
      toEndDate: e.toEndDate,
      linePence: e.linePence,
      feePence: e.feePence,
      paidWith: e.paidWith,
      authorizationId: e.authorizationId,
      cardBrand: e.card?.brand ?? null,
      cardLast4: e.card?.last4 ?? null,
      status: e.status,
      createdAt: e.at,
      ...(e.status === 'paid' ? { answeredAt: e.at } : {}),
      ...(e.expiresAt ? { expiresAt: e.expiresAt } : {}),
    })
    .returning({ id: rentalExtensions.id });
  return row!.id;
}

/**
 * Reverses a paid extension: its status 'reversed' (only from paid: false when it was not), and
 * the rental's price back by what it added; its end date back to where the extension started
 * when `freeDays` (its days free again at once: the no-overlap constraint reads the end date).
 */
async function reverseExtension(
  db: Db,
  tx: Executor,
  e: { id: string; rentalId: string; fromEndDate: string; linePence: number; feePence: number },
  freeDays: boolean,
  at: Date,
): Promise<boolean> {
  const [changed] = await tx
    .update(rentalExtensions)
    .set({ status: 'reversed', reversedAt: at })
    .where(and(eq(rentalExtensions.id, e.id), eq(rentalExtensions.status, 'paid')))
    .returning({ id: rentalExtensions.id });
  if (!changed) return false;
  await tx
    .update(rentals)
    .set({
      ...(freeDays && { endDate: e.fromEndDate }),
      totalPence: sql`${rentals.totalPence} - ${e.linePence}::int`,
      extendedLinePence: sql`${rentals.extendedLinePence} - ${e.linePence}::int`,
      extendedFeePence: sql`${rentals.extendedFeePence} - ${e.feePence}::int`,
    })
    .where(eq(rentals.id, e.rentalId));
  return true;
}

async function pendingExtension(db: Db, rentalId: string, executor: Executor = db): Promise<PendingExtension | undefined> {
  const [found] = await executor
    .select({
      id: rentalExtensions.id,
      rentalId: rentalExtensions.rentalId,
      expiresAt: rentalExtensions.expiresAt,
      toEndDate: rentalExtensions.toEndDate,
      linePence: rentalExtensions.linePence,
      feePence: rentalExtensions.feePence,
      paidWith: sql<PendingExtension['paidWith']>`${rentalExtensions.paidWith}`,
      authorizationId: rentalExtensions.authorizationId,
    })
    .from(rentalExtensions)
    .where(and(eq(rentalExtensions.rentalId, rentalId), eq(rentalExtensions.status, 'pending')));
  // A pending extension always has its expiry (rental_extensions_pending_expires).
  return found && { ...found, expiresAt: toIsoTimestamp(found.expiresAt, 'expires_at') };
}

/** Whether the days `from`..`to` are free for this rental to run on into (buffers and other calendars included). */
async function daysFreeAfter(
  db: Db,
  r: { itemId: string; rentalId: string; bufferDays: number },
  from: string,
  to: string,
  executor: Executor = db,
): Promise<boolean> {
  const rows = await queryRows<{ taken: boolean }>(
    executor as Db,
    sql`select ${clashing(r.itemId, r.rentalId, from, to, sql`${r.bufferDays}::int`)} as taken`,
  );
  if (rows[0]!.taken) return false;
  return (await itemsWithBlockedDays(executor, [{ itemId: r.itemId, startDate: from, endDate: to }])).size === 0;
}

/** Moves the rental's end and adds what the extension costs (the exclusion constraint checks the new range); any hold ends. */
async function moveRentalEnd(
  db: Db,
  tx: Executor,
  rentalId: string,
  toEndDate: string,
  linePence: number,
  feePence: number,
): Promise<void> {
  await tx
    .update(rentals)
    .set({
      endDate: toEndDate,
      heldEndDate: null,
      totalPence: sql`${rentals.totalPence} + ${linePence}::int`,
      extendedLinePence: sql`${rentals.extendedLinePence} + ${linePence}::int`,
      extendedFeePence: sql`${rentals.extendedFeePence} + ${feePence}::int`,
    })
    .where(eq(rentals.id, rentalId));
}

async function itemTermsOf(db: Db, itemId: string, executor: Executor = db): Promise<ItemTerms> {
  const [terms] = await executor
    .select({
      maxDays: items.maxDays,
      bookingMode: sql<ItemTerms['bookingMode']>`${items.bookingMode}`,
      bufferDays: items.bufferDays,
      categoryId: items.categoryId,
    })
    .from(items)
    .where(eq(items.id, itemId));
  return terms!;
}

/** Whether a later paid extension of the rental starts where this one ended (its days then stay booked). */
async function paidAfterOf(db: Db, tx: Executor, rentalId: string, fromEndDate: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: rentalExtensions.id })
    .from(rentalExtensions)
    .where(and(eq(rentalExtensions.rentalId, rentalId), eq(rentalExtensions.status, 'paid'), eq(rentalExtensions.fromEndDate, fromEndDate)))
    .limit(1);
  return Boolean(found);
}

/** SQL of extensions: the item's terms, free days, similar free items, the extension records. */
/** Listed items like this one, free on the days asked, nearest first. */
async function similarFreeItems(
  db: Db,
  q: {
    itemId: string;
    categoryId: string;
    renterId: string;
    from: string;
    to: string;
    limit: number;
  },
): Promise<SimilarItem[]> {
  return (
    await queryRows<SimilarItemRow>(
      db,
      sql`select i.id, i.name, i.daily_rate_pence, i.city,
               case when i.public_latitude is null or here.public_latitude is null then null
                    else 6371000 * 2 * asin(sqrt(power(sin(radians(i.public_latitude - here.public_latitude) / 2), 2)
                      + cos(radians(here.public_latitude)) * cos(radians(i.public_latitude)) * power(sin(radians(i.public_longitude - here.public_longitude) / 2), 2))) end as distance_m
        from items i, (select public_latitude, public_longitude from items where id = ${q.itemId}) here
        where i.category_id = ${q.categoryId} and i.id <> ${q.itemId} and i.owner_id <> ${q.renterId} and i.deleted_at is null and i.available
          and not ${clashing(sql`i.id`, null, q.from, q.to, sql`i.buffer_days`)}
          and not exists (select 1 from calendar_blocked_days b where b.item_id = i.id and b.start_date <= ${q.to}::date and b.end_date >= ${q.from}::date)
        order by distance_m nulls last, i.created_at desc
        limit ${q.limit}`,
    )
  ).map(toSimilarItem);
}

/** The rental an extension belongs to (for its expiry job, which locks the rental first). */
async function rentalOfExtension(db: Db, extensionId: string): Promise<string | undefined> {
  const [found] = await db
    .select({ rentalId: rentalExtensions.rentalId })
    .from(rentalExtensions)
    .where(eq(rentalExtensions.id, extensionId));
  return found?.rentalId;
}

/** The paid extension a card authorisation paid for (its capture job knows only the authorisation). */
async function paidByAuthorizationOf(db: Db, authorizationId: string, executor: Executor = db) {
  const [found] = await executor
    .select()
    .from(rentalExtensions)
    .where(and(eq(rentalExtensions.authorizationId, authorizationId), eq(rentalExtensions.status, 'paid')));
  return found;
}

/** The pending extension's days are free again (declined, withdrawn or expired). */
async function releaseExtensionHold(db: Db, tx: Executor, rentalId: string): Promise<void> {
  await tx
    .update(rentals)
    .set({ heldEndDate: null })
    .where(and(eq(rentals.id, rentalId), isNotNull(rentals.heldEndDate)));
}

async function answerExtension(
  db: Db,
  tx: Executor,
  extensionId: string,
  status: 'paid' | 'declined' | 'withdrawn' | 'expired',
  at: Date,
): Promise<void> {
  await tx
    .update(rentalExtensions)
    .set({ status, answeredAt: at })
    .where(and(eq(rentalExtensions.id, extensionId), eq(rentalExtensions.status, 'pending')));
}

export function createExtensionRepository(db: Db) {
  return {
    itemTerms: withDb(db, itemTermsOf),

    daysFree: (
      r: { itemId: string; rentalId: string; bufferDays: number },
      from: string,
      to: string,
      executor: Executor = db,
    ): Promise<boolean> => daysFreeAfter(db, r, from, to, executor),

    /** Locks the item's row, as checkout and calendar imports do before writing its days. */
    async lockItem(tx: Executor, itemId: string): Promise<void> {
      await tx.select({ id: items.id }).from(items).where(eq(items.id, itemId)).for('no key update');
    },

    /**
     * Up to `limit` listed items of the category, not this one nor the renter's, free on `from`..`to`
     * (their buffers included), nearest to this item's public point first.
     */
    similarFree: withDb(db, similarFreeItems),

    moveEnd: withDb(db, moveRentalEnd),

    /**
     * Holds the days up to `toEndDate` for the rental's pending extension: the no-overlap constraint
     * now runs the row to there (buffer included), so it fails if another booking has them.
     */
    async hold(tx: Executor, rentalId: string, toEndDate: string): Promise<void> {
      await tx.update(rentals).set({ heldEndDate: toEndDate }).where(eq(rentals.id, rentalId));
    },

    releaseHold: withDb(db, releaseExtensionHold),

    record: withDb(db, recordExtension),

    pending: withDb(db, pendingExtension),

    rentalOf: withDb(db, rentalOfExtension),

    paidByAuthorization: withDb(db, paidByAuthorizationOf),

    paidAfter: withDb(db, paidAfterOf),

    reverse: (
      tx: Executor,
      e: { id: string; rentalId: string; fromEndDate: string; linePence: number; feePence: number },
      freeDays: boolean,
      at: Date,
    ): Promise<boolean> => reverseExtension(db, tx, e, freeDays, at),

    answer: withDb(db, answerExtension),
  };
}

export type ExtensionRepository = ReturnType<typeof createExtensionRepository>;

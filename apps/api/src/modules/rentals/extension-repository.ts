import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { toIsoTimestamp } from '../../db/row-values.ts';
import { items, rentalExtensions, rentals } from '../../db/schema.ts';
import { daysFreeAfter, similarFreeItems } from './extension-availability-sql.ts';

/** What an extension needs of the item: how long it may be rented, whether the owner answers, its buffer. */
export interface ItemTerms {
  maxDays: number;
  bookingMode: 'instant' | 'request';
  bufferDays: number;
  categoryId: string;
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

/** SQL of extensions: the item's terms, free days, similar free items, the extension records. */
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

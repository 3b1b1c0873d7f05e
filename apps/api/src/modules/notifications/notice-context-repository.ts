/**
 * What a notice says about its subject, read when the notice is written: the rental with its item and
 * both parties, an order's lines and card, an extension, a message's thread, where a refund went,
 * and the recipient with their phone. Part of the notification repository (it composes these reads).
 */
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { isCancellationPolicy, type CancellationPolicy, type RefundParts } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { toIsoDate } from '../../db/row-values.ts';
import type { ExtensionContext, MessageContext, OrderContext, Recipient, RentalContext } from './notice-contexts.ts';
import {
  cardRefunds,
  depositHolds,
  items,
  ledgerEntries,
  ledgerTransactions,
  messages,
  messageThreads,
  payments,
  rentalExtensions,
  rentals,
  users,
} from '../../db/schema.ts';
import { orderPaymentColumns, selectRentalWithParties, verifiedPhone } from '../rentals/rental-parties-sql.ts';

/** Where a cancelled rental's refund went: each card (a failed refund went to the balance instead) and the balance. */
async function refundPartsOf(executor: Executor, rentalId: string): Promise<RefundParts> {
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
}

/** A message with its thread's people and item, for the recipient's notice. */
async function messageContext(db: Db, messageId: string): Promise<MessageContext | undefined> {
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
}

/** A checkout's payment with every line of it, for the renter's receipt. */
async function orderContext(executor: Executor, paymentId: string): Promise<OrderContext | undefined> {
  const [payment] = await executor
    .select({
      ...orderPaymentColumns,
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
      ownerPhone: verifiedPhone(users),
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
}

/** One extension with its rental, item, owner and order reference, for the renter's receipt. */
async function extensionContext(executor: Executor, extensionId: string): Promise<ExtensionContext | undefined> {
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
}

/** The reads of a notice's subject. */
export function createNoticeContextReads(db: Db) {
  return {
    itemNames: (ids: string[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.select({ id: items.id, name: items.name }).from(items).where(inArray(items.id, ids)),

    rentals: async (ids: string[]): Promise<RentalContext[]> =>
      ids.length === 0 ? [] : (await selectRentalWithParties(db).where(inArray(rentals.id, ids))).map(toRental),

    async rental(executor: Executor, rentalId: string): Promise<RentalContext | undefined> {
      return (await selectRentalWithParties(executor).where(eq(rentals.id, rentalId))).map(toRental)[0];
    },

    refundParts: refundPartsOf,

    /** A cancelled rental's policy, what the renter got back and what the owner kept of the line (earnings_kept). */
    async cancellationMoney(
      executor: Executor,
      rentalId: string,
    ): Promise<{ policy: CancellationPolicy; refundPence: number; ownerKeptPence: number } | undefined> {
      const [rental] = await executor
        .select({ policy: rentals.cancellationPolicy, refund: rentals.refundPence, ownerId: rentals.ownerId })
        .from(rentals)
        .where(eq(rentals.id, rentalId));
      if (!rental || !isCancellationPolicy(rental.policy)) return undefined;
      const [kept] = await executor
        .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountPence}), 0)::int` })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(eq(ledgerTransactions.rentalId, rentalId), eq(ledgerEntries.kind, 'earnings_kept'), eq(ledgerEntries.userId, rental.ownerId)),
        );
      return { policy: rental.policy, refundPence: rental.refund ?? 0, ownerKeptPence: Number(kept?.total ?? 0) };
    },

    async itemName(executor: Executor, itemId: string): Promise<string | undefined> {
      return (await executor.select({ name: items.name }).from(items).where(eq(items.id, itemId)))[0]?.name;
    },

    message: withDb(db, messageContext),

    order: orderContext,

    extension: extensionContext,

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
  };
}

const toRental = (r: Awaited<ReturnType<typeof selectRentalWithParties>>[number]): RentalContext => ({
  ...r,
  startDate: toIsoDate(r.startDate, 'start_date'),
  endDate: toIsoDate(r.endDate, 'end_date'),
});

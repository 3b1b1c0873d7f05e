import { and, eq, ne, sql, sum } from 'drizzle-orm';
import { cardRefundFailedPosting } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import { savePosting } from '../ledger/save-posting.ts';
import { cardRefunds, ledgerEntries, payments, rentalExtensions } from '../../db/schema.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { feeShareOf } from './rental-fee-share.ts';
import type { Rental } from './rental-repository.ts';

export const REFUND_JOB = 'payments.refund';
export const refundJobKey = (refundId: string) => `${REFUND_JOB}:${refundId}`;

/** Money of a rental taken from one captured card authorisation, which a refund can give back. */
export interface CardPart {
  authorizationId: string;
  amountPence: number;
  brand: string | null;
  last4: string | null;
}

/** What is left to refund of an authorisation: what it took less the refunds already asked of it (a failed one went to the balance). */
async function refundedFrom(tx: Executor, authorizationId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(cardRefunds.amountPence) })
    .from(cardRefunds)
    .where(and(eq(cardRefunds.authorizationId, authorizationId), ne(cardRefunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

/** What the renter's Toolshed balance paid for this line at checkout (its `balance_payment` entries). */
async function balancePaidFor(tx: Executor, rental: Rental): Promise<number> {
  const [row] = await tx
    .select({ total: sum(ledgerEntries.amountPence) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.rentalId, rental.id),
        eq(ledgerEntries.userId, rental.renterId),
        eq(ledgerEntries.account, 'available'),
        eq(ledgerEntries.kind, 'balance_payment'),
      ),
    );
  return -Number(row?.total ?? 0);
}

/**
 * What the renter paid by card for this rental, per captured authorisation: the checkout's (the line
 * and its fee share; the checkout's card charge is shared by its lines, so never more than is left of
 * it), a request's own (captured when accepted), and each extension paid by card. At most `refundPence`
 * in all (a claim refunded meanwhile already gave part back), taken from the last paid first.
 */
export async function cardPartsOf(tx: Executor, rental: Rental, refundPence: number): Promise<CardPart[]> {
  if (!rental.paymentId || refundPence <= 0) return [];
  const [payment] = await tx
    .select({
      reference: payments.providerReference,
      brand: payments.brand,
      last4: payments.last4,
      amountPence: payments.amountPence,
      balancePence: payments.balancePence,
    })
    .from(payments)
    .where(eq(payments.id, rental.paymentId));
  if (!payment) return [];
  const card = { brand: payment.brand, last4: payment.last4 };
  const parts: CardPart[] = [];
  if (rental.requestStatus === 'accepted' && rental.requestAuthorizationId && (rental.requestAmountPence ?? 0) > 0) {
    parts.push({ authorizationId: rental.requestAuthorizationId, amountPence: rental.requestAmountPence!, ...card });
  } else if (!rental.requestStatus) {
    // What the renter's balance paid of the line went back to the balance (the cancellation's rest).
    const line = rental.totalPence - rental.extendedLinePence + feeShareOf(rental) - (await balancePaidFor(tx, rental));
    const left = payment.amountPence - payment.balancePence - (await refundedFrom(tx, payment.reference));
    parts.push({ authorizationId: payment.reference, amountPence: Math.min(line, left), ...card });
  }
  const extensions = await tx
    .select({
      authorizationId: rentalExtensions.authorizationId,
      amountPence: sql<number>`${rentalExtensions.linePence} + ${rentalExtensions.feePence}`,
      brand: rentalExtensions.cardBrand,
      last4: rentalExtensions.cardLast4,
    })
    .from(rentalExtensions)
    .where(and(eq(rentalExtensions.rentalId, rental.id), eq(rentalExtensions.status, 'paid'), eq(rentalExtensions.paidWith, 'card')))
    .orderBy(rentalExtensions.createdAt);
  for (const x of extensions) {
    if (x.authorizationId && Number(x.amountPence) > 0)
      // The card kept with the extension (not kept before extensions recorded it: then unnamed).
      parts.push({ authorizationId: x.authorizationId, amountPence: Number(x.amountPence), brand: x.brand, last4: x.last4 });
  }
  // Never more back to cards than the refund: the parts paid last give way first.
  let over = parts.reduce((s, p) => s + p.amountPence, 0) - refundPence;
  for (let i = parts.length - 1; i >= 0 && over > 0; i--) {
    const cut = Math.min(over, parts[i]!.amountPence);
    parts[i]!.amountPence -= cut;
    over -= cut;
  }
  return parts.filter((p) => p.amountPence > 0);
}

/**
 * Records the refunds to the cards inside the cancellation's transaction and enqueues a job for each
 * (keyed by the refund), so a crash after the commit still refunds and two runs refund once.
 */
export async function recordCardRefunds(
  tx: Executor,
  jobs: JobQueue,
  provider: string,
  rental: Pick<Rental, 'id' | 'renterId'>,
  parts: readonly CardPart[],
): Promise<void> {
  for (const part of parts) {
    const [row] = await tx
      .insert(cardRefunds)
      .values({ rentalId: rental.id, renterId: rental.renterId, provider, ...part })
      .onConflictDoNothing()
      .returning({ id: cardRefunds.id });
    if (row) await jobs.enqueue(REFUND_JOB, { refundId: row.id }, { key: refundJobKey(row.id) }, tx);
  }
}

/** The refund job's reads and writes (card-refund-job.ts has the rules). */
export function createCardRefundRepository(db: Db, events: EventBus) {
  const stillPending = (id: string) => and(eq(cardRefunds.id, id), eq(cardRefunds.status, 'pending'));
  return {
    async find(refundId: string) {
      const [refund] = await db.select().from(cardRefunds).where(eq(cardRefunds.id, refundId));
      return refund;
    },
    async saveProviderRefundId(refundId: string, providerRefundId: string, now: Date) {
      await db.update(cardRefunds).set({ providerRefundId, updatedAt: now }).where(eq(cardRefunds.id, refundId));
    },
    async markSucceeded(refundId: string, now: Date) {
      await db.update(cardRefunds).set({ status: 'succeeded', updatedAt: now, finishedAt: now }).where(stillPending(refundId));
    },
    /**
     * Failed for good, in one transaction and once (whichever run moved it): the amount posted back to
     * the card goes to the renter's balance instead, and `card_refund.failed` is published.
     */
    async failToBalance(refund: { id: string; rentalId: string; renterId: string; amountPence: number }, reason: string, now: Date) {
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(cardRefunds)
          .set({ status: 'failed', failureReason: reason, updatedAt: now, finishedAt: now })
          .where(stillPending(refund.id))
          .returning({ id: cardRefunds.id });
        if (!moved) return;
        const facts = { refundId: refund.id, rentalId: refund.rentalId, renterId: refund.renterId, amountPence: refund.amountPence };
        await savePosting(tx, cardRefundFailedPosting(facts));
        await events.publish(tx, { type: 'card_refund.failed', ...facts }, `card_refund.failed:${refund.id}`);
      });
    },
  };
}

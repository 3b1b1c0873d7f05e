import { and, asc, eq, inArray, sum } from 'drizzle-orm';
import {
  captureFailedPosting,
  RENTAL_TRANSITIONS,
  todayInLondon,
  transitionRefusal,
  UNPAID_CANCEL_REASON,
  type PaymentState,
} from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { ledgerEntries, payments, rentals } from '../../db/schema.ts';
import { rentalAccountTotal, spendFromBalances } from '../ledger/ledger-repository.ts';

/** What a failed capture takes back of one rental (core `captureFailedPosting`). */
type CaptureFailedRental = Parameters<typeof captureFailedPosting>[0]['rentals'][number];

export interface CancelledRental {
  id: string;
  itemId: string;
  ownerId: string;
}

async function find(db: Db, paymentId: string) {
  const [row] = await db
    .select({ id: payments.id, status: payments.status, renterId: payments.renterId, providerReference: payments.providerReference })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row ? { ...row, status: row.status as PaymentState } : undefined;
}

/** Moves the payment to `to` if it is in one of `from`; true when it moved. */
async function move(db: Db, paymentId: string, from: PaymentState[], to: PaymentState, now: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: to, updatedAt: now })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, from)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * Records a capture: moves the payment to captured if it was waiting for it and, in the same
 * transaction, runs `inTransaction` (the event that the payment was taken). True when it moved;
 * a payment already captured (the other path got there first) moves no more and runs nothing.
 */
async function markCaptured(
  db: Db,
  paymentId: string,
  now: Date,
  inTransaction: (tx: Executor, payment: { renterId: string }) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(payments)
      .set({ status: 'captured', updatedAt: now })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['authorised', 'capture_pending'])))
      .returning({ renterId: payments.renterId });
    if (!moved) return false;
    await inTransaction(tx, moved);
    return true;
  });
}

/**
 * Capture failed for good: in one transaction the payment is voided and flagged, its rentals not
 * yet closed are cancelled by the system, and the ledger gives back what is still there of each
 * rental (the owner's earnings) and of the fee, to the renter's card. Returns the cancelled
 * rentals, or null when the payment was no longer waiting for its capture. A refund to the
 * renter's balance for a line cancelled meanwhile is taken back too (its money was never taken).
 */
async function cancelUncaptured(
  db: Db,
  paymentId: string,
  now: Date,
  inTransaction: (tx: Executor, cancelled: CancelledRental[]) => Promise<void>,
): Promise<CancelledRental[] | null> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || (payment.status !== 'authorised' && payment.status !== 'capture_pending')) return null;
    await tx.update(payments).set({ status: 'voided', captureFailedAt: now, updatedAt: now }).where(eq(payments.id, paymentId));
    const all = await lockRentals(tx, paymentId);
    const cancelled = await cancelOpen(tx, all, now);
    const facts: CaptureFailedRental[] = [];
    for (const rental of all) facts.push(await takenBackOf(tx, rental, payment.renterId));
    const [fees] = await tx
      .select({ total: sum(ledgerEntries.amountPence) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.account, 'fees')));
    // What is taken back from balances is at most what each person has then, read under their
    // rows' locks (as withdrawals and extensions paid from the balance take them), never below zero.
    const people = [payment.renterId, ...all.map((r) => r.ownerId)];
    const spent = await spendFromBalances(tx, people, (availableNowPence) =>
      captureFailedPosting({
        paymentId,
        renterId: payment.renterId,
        rentals: facts,
        feesLeftPence: Number(fees?.total ?? 0),
        availableNowPence,
      }),
    );
    if (spent.kind === 'short') throw new Error(`A failed capture would take more than user ${spent.userId}'s balance.`);
    await inTransaction(tx, cancelled);
    return cancelled;
  });
}

type PaidRental = Awaited<ReturnType<typeof lockRentals>>[number];

function lockRentals(tx: Executor, paymentId: string) {
  return tx
    .select({
      id: rentals.id,
      itemId: rentals.itemId,
      ownerId: rentals.ownerId,
      startDate: rentals.startDate,
      endDate: rentals.endDate,
      returned: rentals.returned,
      cancelledAt: rentals.cancelledAt,
    })
    .from(rentals)
    .where(eq(rentals.paymentId, paymentId))
    .orderBy(asc(rentals.id))
    .for('update');
}

/** The lifecycle's own transition (Toolshed cancels): every rental of the payment it still applies to. */
async function cancelOpen(tx: Executor, all: PaidRental[], now: Date): Promise<CancelledRental[]> {
  const today = todayInLondon(now);
  const open = all.filter((r) => transitionRefusal('cancel_unpaid', { ...r, cancelled: r.cancelledAt !== null }, 'system', today) === null);
  if (open.length === 0) return [];
  return tx
    .update(rentals)
    .set({ cancelledAt: now, cancelledBy: RENTAL_TRANSITIONS.cancel_unpaid.by, cancelReason: UNPAID_CANCEL_REASON, refundPence: 0 })
    .where(
      inArray(
        rentals.id,
        open.map((r) => r.id),
      ),
    )
    .returning({ id: rentals.id, itemId: rentals.itemId, ownerId: rentals.ownerId });
}

async function takenBackOf(tx: Executor, rental: PaidRental, renterId: string): Promise<CaptureFailedRental> {
  return {
    rentalId: rental.id,
    ownerId: rental.ownerId,
    ownerPendingPence: await rentalAccountTotal(tx, rental.id, rental.ownerId, 'pending'),
    ownerAvailablePence: await rentalAccountTotal(tx, rental.id, rental.ownerId, 'available'),
    // A line cancelled meanwhile was refunded to the renter's balance (money that was never
    // taken, unless the balance paid it): their balance's sum for the line says which.
    renterAvailablePence: await rentalAccountTotal(tx, rental.id, renterId, 'available'),
  };
}

/** A payment's capture state after its booking committed (SQL only; the rules are in capture-job.ts). */
export function createPaymentRepository(db: Db) {
  return {
    find: withDb(db, find),
    move: withDb(db, move),
    markCaptured: withDb(db, markCaptured),
    cancelUncaptured: withDb(db, cancelUncaptured),
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;

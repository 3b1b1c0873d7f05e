import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { depositHolds } from '../../db/schema.ts';
import { depositHeldPosting, depositSettledPosting } from '@toolshed/core';
import { savePosting } from '../ledger/save-posting.ts';
import type { DepositHold } from './deposit-reads-sql.ts';

/** A deposit from checkout, to be saved with the booking: authorised (held), or scheduled (authorisationId null). */
export interface NewHold {
  rentalId: string;
  renterId: string;
  ownerId: string;
  amountPence: number;
  provider: string;
  authorizationId: string | null;
  paymentMethodId: string | null;
  /** When a held authorisation lapses. */
  authorisationExpiresAt: Date | null;
}

/**
 * Saves the deposits of checkout, inside the booking's transaction: a hold row per rental, and for
 * each one authorised its ledger posting (the card's deposit held, not charged); a scheduled one is
 * posted when it is held. Answers each hold's id, in order.
 */
export async function recordHolds(tx: Executor, holds: readonly NewHold[]): Promise<string[]> {
  const ids: string[] = [];
  for (const h of holds) {
    const [row] = await tx
      .insert(depositHolds)
      .values({
        rentalId: h.rentalId,
        renterId: h.renterId,
        ownerId: h.ownerId,
        amountPence: h.amountPence,
        provider: h.provider,
        authorizationId: h.authorizationId,
        paymentMethodId: h.paymentMethodId,
        authorisationExpiresAt: h.authorisationExpiresAt,
        status: h.authorizationId ? 'held' : 'scheduled',
      })
      .returning({ id: depositHolds.id });
    ids.push(row!.id);
    if (h.authorizationId)
      await savePosting(
        tx,
        depositHeldPosting({ holdId: row!.id, rentalId: h.rentalId, renterId: h.renterId, amountPence: h.amountPence }),
      );
  }
  return ids;
}

/** A scheduled deposit authorised (off-session, or with the card the renter gave): held from now (an earlier decline cleared), and posted as held. */
export async function markHeld(
  tx: Executor,
  hold: DepositHold,
  authorizationId: string,
  paymentMethodId: string,
  expiresAt: Date,
): Promise<void> {
  await tx
    .update(depositHolds)
    .set({ status: 'held', authorizationId, paymentMethodId, authorisationExpiresAt: expiresAt, declinedAt: null, declineReason: null })
    .where(and(eq(depositHolds.id, hold.id), eq(depositHolds.status, 'scheduled')));
  await savePosting(
    tx,
    depositHeldPosting({ holdId: hold.id, rentalId: hold.rentalId, renterId: hold.renterId, amountPence: hold.amountPence }),
  );
}

/** The saved card was declined off-session: the deposit stays scheduled, waiting for another card. */
export async function markDeclined(tx: Executor, holdId: string, reason: string, at: Date): Promise<void> {
  await tx.update(depositHolds).set({ declinedAt: at, declineReason: reason }).where(eq(depositHolds.id, holdId));
}

/** A renewal: the held deposit's new authorisation replaces the old one (voided after this commits). */
export async function renewed(tx: Executor, holdId: string, authorizationId: string, expiresAt: Date): Promise<void> {
  await tx
    .update(depositHolds)
    .set({ authorizationId, authorisationExpiresAt: expiresAt, declinedAt: null, declineReason: null })
    .where(and(eq(depositHolds.id, holdId), eq(depositHolds.status, 'held')));
}

/** A scheduled deposit whose rental was cancelled (or ended) before it was held: ends without any authorisation. */
export async function endScheduled(tx: Executor, holdId: string, at: Date): Promise<void> {
  await tx
    .update(depositHolds)
    .set({ status: 'cancelled', settledAt: at })
    .where(and(eq(depositHolds.id, holdId), eq(depositHolds.status, 'scheduled')));
}

const settledFacts = (hold: DepositHold, capturedPence: number) => ({
  holdId: hold.id,
  rentalId: hold.rentalId,
  renterId: hold.renterId,
  ownerId: hold.ownerId,
  heldPence: hold.amountPence,
  capturedPence,
});

/**
 * The held authorisation ran out and could not be renewed: nothing can be captured, so the hold
 * ends 'lapsed' and the ledger releases it whole (no owner is credited with money the card never paid).
 */
export async function markLapsed(tx: Executor, hold: DepositHold, at: Date): Promise<void> {
  await tx
    .update(depositHolds)
    .set({ status: 'lapsed', capturedPence: 0, settledAt: at })
    .where(and(eq(depositHolds.id, hold.id), eq(depositHolds.status, 'held')));
  await savePosting(tx, depositSettledPosting(settledFacts(hold, 0)));
}

/** Ends the hold once: captures `capturedPence` for the owner and releases the rest (0: released whole). */
export async function settleHold(tx: Executor, hold: DepositHold, capturedPence: number, at: Date): Promise<void> {
  await tx
    .update(depositHolds)
    .set({ status: capturedPence > 0 ? 'captured' : 'released', capturedPence, settledAt: at })
    .where(eq(depositHolds.id, hold.id));
  await savePosting(tx, depositSettledPosting(settledFacts(hold, capturedPence)));
}

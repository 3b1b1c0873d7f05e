import { cancellationPosting, completionPosting, keptPence, refundOf } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { rentalAccountTotal } from '../ledger/ledger-repository.ts';
import { savePosting } from '../ledger/save-posting.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { cardPartsOf, recordCardRefunds } from './card-refund-repository.ts';
import { feeShareOf } from './rental-fee-share.ts';
import type { Rental } from './rental-repository.ts';

/** What the renter paid for this line: its total and its fee share (nothing for rentals booked outside checkout). */
export function paidFor(
  rental: Pick<Rental, 'id' | 'totalPence' | 'paymentId' | 'paymentFeePence' | 'paymentLines' | 'requestStatus' | 'extendedFeePence'>,
): number {
  // A request is charged only once accepted.
  if (rental.requestStatus && rental.requestStatus !== 'accepted') return 0;
  // totalPence includes what extensions added to the line; their fees are kept beside it.
  return rental.paymentId ? rental.totalPence + feeShareOf(rental) + rental.extendedFeePence : 0;
}

/**
 * Cancelling or declining: the renter gets back `refundPercent` of the line total and of its fee share
 * (core `cancellationPosting`; 100 unless the renter cancels late under the rental's policy): what was
 * paid by card back to that card (a refund recorded per captured authorisation and sent by the refund
 * job), the rest to their Toolshed balance. Returns the refund (0 when the rental was never paid
 * through checkout, or the policy keeps it all), what of it goes to cards, and what the owner keeps of
 * their earnings for it.
 */
export async function refundCancelled(
  tx: Executor,
  rental: Rental,
  cards: { jobs: JobQueue; provider: string },
  refundPercent = 100,
): Promise<{ refundPence: number; toCardPence: number; ownerKeptPence: number }> {
  const ownerPendingPence = await rentalAccountTotal(tx, rental.id, rental.ownerId, 'pending');
  const feeSharePence = feeShareOf(rental) + rental.extendedFeePence;
  const facts = {
    rentalId: rental.id,
    paymentId: rental.paymentId,
    ownerId: rental.ownerId,
    renterId: rental.renterId,
    ownerPendingPence,
    feeSharePence,
    refundPercent,
  };
  const whole = refundOf(cancellationPosting(facts));
  const parts = await cardPartsOf(tx, rental, whole);
  const toCardPence = parts.reduce((sum, p) => sum + p.amountPence, 0);
  const posting = cancellationPosting({ ...facts, toCardPence });
  await savePosting(tx, posting);
  await recordCardRefunds(tx, cards.jobs, cards.provider, rental, parts);
  const ownerKeptPence = posting ? keptPence(ownerPendingPence, refundPercent) : 0;
  return { refundPence: refundOf(posting), toCardPence, ownerKeptPence };
}

/** Completing a rental releases the owner's pending earnings for it to their available balance (core `completionPosting`). */
export async function releaseEarnings(tx: Executor, rental: Rental): Promise<void> {
  const posting = completionPosting({
    rentalId: rental.id,
    paymentId: rental.paymentId,
    ownerId: rental.ownerId,
    ownerPendingPence: await rentalAccountTotal(tx, rental.id, rental.ownerId, 'pending'),
  });
  await savePosting(tx, posting);
}

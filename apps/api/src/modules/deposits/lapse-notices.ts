import { formatPence, NOT_RETURNED_HOLD_DAYS } from '@toolshed/core';
import type { ClaimKit } from './claim-kit.ts';
import type { ClaimRental, DepositHold, DepositsWriter } from './deposits-repository.ts';

/**
 * Both parties told that a hold ended lapsed: a tool not marked returned in time (no decline
 * reason: renewals stopped, decision 042), or a renewal the card declined.
 */
export async function tellLapsed(tell: ClaimKit['tell'], tx: DepositsWriter, r: ClaimRental, now: DepositHold): Promise<void> {
  const amount = formatPence(now.amountPence);
  if (!now.declineReason) {
    await tell(
      tx,
      r,
      'owner',
      `deposit.lapsed:${now.id}`,
      `Deposit no longer held: ${r.itemName}`,
      `The ${amount} deposit for ${r.itemName} is no longer held on ${r.renterName}'s card: the item was not marked returned within ${NOT_RETURNED_HOLD_DAYS} days after the rental ended, the longest a deposit is held, so there is no deposit left to claim from. If the item has not come back, please contact Toolshed support.`,
    );
    await tell(
      tx,
      r,
      'renter',
      `deposit.lapsed:${now.id}`,
      `Deposit no longer held: ${r.itemName}`,
      `The ${amount} deposit for ${r.itemName} is no longer held on your card. The owner has not marked the item returned: if you still have it, please return it and contact the owner.`,
    );
    return;
  }
  await tell(
    tx,
    r,
    'owner',
    `deposit.lapsed:${now.id}`,
    `Deposit no longer held: ${r.itemName}`,
    `The ${amount} deposit for ${r.itemName} could not be held again on ${r.renterName}'s card after the card's authorisation ran out, so there is no deposit left to claim from. If something is wrong with the item, please contact Toolshed support.`,
  );
  await tell(
    tx,
    r,
    'renter',
    `deposit.lapsed:${now.id}`,
    `Deposit no longer held: ${r.itemName}`,
    `The ${amount} deposit for ${r.itemName} is no longer held on your card: your card declined holding it again.`,
  );
}

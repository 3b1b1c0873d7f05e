import { extensionReversedPosting } from '@toolshed/core';
import { rentalAccountTotal, spendFromBalances } from '../../ledger/ledger-repository.ts';
import type { ExtensionKit } from './extension-kit.ts';

/**
 * A paid extension whose card authorisation could not be captured for good is undone, as a booking
 * whose capture fails is: under the rental's lock, the extension is marked reversed, the rental's
 * price goes back by what it added and its end date back to where the extension started (the days
 * free again at once), unless a later paid extension runs on from it (then those days stay booked
 * for it, and only the money is reversed); its posting is reversed (core extensionReversedPosting),
 * and `rental.extension_reversed` tells the renter and the owner. Only from paid, so a job that runs
 * it twice reverses once; a rental cancelled meanwhile is left to its cancellation. The authorisation is voided after the commit. True when it reversed it.
 */
export function reverseExtension(kit: ExtensionKit) {
  const { repo, extensions, events, payments, now, onChange } = kit;
  return async function reverse(authorizationId: string, log?: { error(obj: object, msg: string): void }): Promise<boolean> {
    const found = await extensions.paidByAuthorization(authorizationId);
    if (!found || found.paidWith !== 'card') return false;
    const at = now();
    const reversed = await repo.transaction(async (tx) => {
      const row = await tx.lock(found.rentalId);
      // A cancelled rental's money, the extension's with it, was already settled by its cancellation.
      if (!row || row.cancelled) return false;
      const extension = await extensions.paidByAuthorization(authorizationId, tx.executor);
      if (!extension) return false;
      const laterOnTop = await extensions.paidAfter(tx.executor, row.id, extension.toEndDate);
      const freeDays = !laterOnTop && row.endDate === extension.toEndDate;
      if (!(await extensions.reverse(tx.executor, extension, freeDays, at))) return false;
      const ownerPendingPence = await rentalAccountTotal(tx.executor, row.id, row.ownerId, 'pending');
      // Taken last, as every spender of a balance does: the owner's row, for what was already released.
      const spent = await spendFromBalances(tx.executor, [row.ownerId], (available) =>
        extensionReversedPosting({
          rentalId: row.id,
          extensionId: extension.id,
          paymentId: row.paymentId,
          renterId: row.renterId,
          ownerId: row.ownerId,
          linePence: extension.linePence,
          feePence: extension.feePence,
          ownerPendingPence,
          ownerAvailablePence: available[row.ownerId]!,
        }),
      );
      // The posting takes at most what the owner has: it is never short.
      if (spent.kind === 'short') throw new Error('An extension reversal took more than the owner has.');
      await events.publish(
        tx.executor,
        {
          type: 'rental.extension_reversed',
          extensionId: extension.id,
          rentalId: row.id,
          itemId: row.itemId,
          renterId: row.renterId,
          ownerId: row.ownerId,
          fromEndDate: extension.fromEndDate,
          toEndDate: extension.toEndDate,
          daysFreed: freeDays,
          amountPence: extension.linePence + extension.feePence,
        },
        `rental.extension_reversed:${extension.id}`,
      );
      return true;
    });
    if (!reversed) return false;
    onChange();
    // The extension is already undone; a hold that cannot be released now lapses at the card issuer.
    await payments
      .void(authorizationId)
      .catch((err: unknown) => log?.error({ authorizationId, err: String(err) }, 'could not void the hold of a reversed extension'));
    return true;
  };
}

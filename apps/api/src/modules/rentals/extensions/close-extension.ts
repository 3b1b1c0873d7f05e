import { pendingExtensionRefusal } from '@toolshed/core';
import type { Executor } from '../../../db/database.ts';
import type { PendingExtension } from '../extension-repository.ts';
import type { Rental } from '../rental-repository.ts';
import { pendingFacts, type ExtensionKit } from './extension-kit.ts';

type Closed = { authorizationId: string | null } | false;

/**
 * Closes the waiting extension inside its rental's transaction: its answer written, its held days
 * freed and the void of its authorisation queued. What the commit then voids is returned.
 */
async function closePending(
  kit: ExtensionKit,
  executor: Executor,
  pending: PendingExtension,
  outcome: 'declined' | 'withdrawn' | 'expired',
  at: Date,
): Promise<Closed> {
  await kit.extensions.answer(executor, pending.id, outcome, at);
  await kit.extensions.releaseHold(executor, pending.rentalId);
  await kit.queueVoid(executor, pending, at);
  return { authorizationId: pending.authorizationId };
}

/** Who an event about the closed extension is for, and the end date it asked for. */
const eventParties = (row: Rental, pending: PendingExtension) => ({
  rentalId: row.id,
  itemId: row.itemId,
  renterId: row.renterId,
  ownerId: row.ownerId,
  endDate: pending.toEndDate,
});

/** After the commit: the authorisation voided now (the queued job again should this fail), and the change told. */
async function afterClose(kit: ExtensionKit, closed: Closed): Promise<boolean> {
  if (!closed) return false;
  if (closed.authorizationId) await kit.voidNow(closed.authorizationId);
  kit.onChange();
  return true;
}

/** The system closes a waiting extension: when its hold runs out, or when its rental ends first. */
export function closeExtension(kit: ExtensionKit) {
  const { repo, extensions, events, now } = kit;
  return {
    /** The expiry job: closes the extension if it still waits once its hold has run out; otherwise nothing. */
    async expire(extensionId: string, at: Date = now()): Promise<boolean> {
      const rentalId = await extensions.rentalOf(extensionId);
      if (!rentalId) return false;
      const closed = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        const pending = await extensions.pending(rentalId, tx.executor);
        if (!row || pending?.id !== extensionId || pendingExtensionRefusal('expire', pendingFacts(pending), 'system', at)) return false;
        const closed = await closePending(kit, tx.executor, pending, 'expired', at);
        await events.publish(tx.executor, { type: 'rental.extension_expired', ...eventParties(row, pending) });
        return closed;
      });
      return afterClose(kit, closed);
    },

    /**
     * Toolshed declines a waiting extension (a party was suspended): its held days freed, its
     * authorisation voided, both sides told with `reason`. False when none waits.
     */
    async declineBySystem(rentalId: string, reason: string, at: Date = now()): Promise<boolean> {
      const closed = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        const pending = row ? await extensions.pending(rentalId, tx.executor) : undefined;
        if (!row || !pending) return false;
        const closed = await closePending(kit, tx.executor, pending, 'declined', at);
        await events.publish(tx.executor, { type: 'rental.extension_declined', ...eventParties(row, pending), reason, by: 'system' });
        return closed;
      });
      return afterClose(kit, closed);
    },

    /**
     * The rental was cancelled or returned while an extension waited for the owner: the extension
     * ends with it (declined when the owner ended the rental, withdrawn when the renter cancelled),
     * its held days are freed and its authorisation voided, now rather than when its hold would have
     * run out. Run from the rental's event; nothing when no extension waits.
     */
    async endWithRental(rentalId: string, outcome: 'declined' | 'withdrawn', at: Date = now()): Promise<boolean> {
      const closed = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        const pending = row ? await extensions.pending(rentalId, tx.executor) : undefined;
        if (!pending) return false;
        return closePending(kit, tx.executor, pending, outcome, at);
      });
      return afterClose(kit, closed);
    },
  };
}

import { pendingExtensionRefusal } from '@toolshed/core';
import { pendingFacts, type ExtensionKit } from './extension-kit.ts';

/** The system closes a waiting extension: when its hold runs out, or when its rental ends first. */
export function closeExtension(kit: ExtensionKit) {
  const { repo, extensions, events, now, onChange, queueVoid, voidNow } = kit;
  return {
    /** The expiry job: closes the extension if it still waits once its hold has run out; otherwise nothing. */
    async expire(extensionId: string, at: Date = now()): Promise<boolean> {
      const rentalId = await extensions.rentalOf(extensionId);
      if (!rentalId) return false;
      const voided = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        const pending = await extensions.pending(rentalId, tx.executor);
        if (!row || pending?.id !== extensionId || pendingExtensionRefusal('expire', pendingFacts(pending), 'system', at)) return false;
        await extensions.answer(tx.executor, pending.id, 'expired', at);
        await extensions.releaseHold(tx.executor, rentalId);
        await queueVoid(tx.executor, pending, at);
        await events.publish(tx.executor, {
          type: 'rental.extension_expired',
          rentalId,
          itemId: row.itemId,
          renterId: row.renterId,
          ownerId: row.ownerId,
          endDate: pending.toEndDate,
        });
        return { authorizationId: pending.authorizationId };
      });
      if (!voided) return false;
      if (voided.authorizationId) await voidNow(voided.authorizationId);
      onChange();
      return true;
    },

    /**
     * Toolshed declines a waiting extension (a party was suspended): its held days freed, its
     * authorisation voided, both sides told with `reason`. False when none waits.
     */
    async declineBySystem(rentalId: string, reason: string, at: Date = now()): Promise<boolean> {
      const voided = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        const pending = row ? await extensions.pending(rentalId, tx.executor) : undefined;
        if (!row || !pending) return false;
        await extensions.answer(tx.executor, pending.id, 'declined', at);
        await extensions.releaseHold(tx.executor, rentalId);
        await queueVoid(tx.executor, pending, at);
        await events.publish(tx.executor, {
          type: 'rental.extension_declined',
          rentalId,
          itemId: row.itemId,
          renterId: row.renterId,
          ownerId: row.ownerId,
          endDate: pending.toEndDate,
          reason,
          by: 'system',
        });
        return { authorizationId: pending.authorizationId };
      });
      if (!voided) return false;
      if (voided.authorizationId) await voidNow(voided.authorizationId);
      onChange();
      return true;
    },

    /**
     * The rental was cancelled or returned while an extension waited for the owner: the extension
     * ends with it (declined when the owner ended the rental, withdrawn when the renter cancelled),
     * its held days are freed and its authorisation voided, now rather than when its hold would have
     * run out. Run from the rental's event; nothing when no extension waits.
     */
    async endWithRental(rentalId: string, outcome: 'declined' | 'withdrawn', at: Date = now()): Promise<boolean> {
      const voided = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        const pending = row ? await extensions.pending(rentalId, tx.executor) : undefined;
        if (!pending) return false;
        await extensions.answer(tx.executor, pending.id, outcome, at);
        await extensions.releaseHold(tx.executor, rentalId);
        await queueVoid(tx.executor, pending, at);
        return { authorizationId: pending.authorizationId };
      });
      if (!voided) return false;
      if (voided.authorizationId) await voidNow(voided.authorizationId);
      onChange();
      return true;
    },
  };
}

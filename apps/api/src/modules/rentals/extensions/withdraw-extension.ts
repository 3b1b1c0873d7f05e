import { AppError, pendingExtensionRefusal } from '@toolshed/core';
import { isRowId } from '../../../db/ids.ts';
import { roleOf } from '../rental-view.ts';
import { notFound, pendingFacts, type ExtensionKit } from './extension-kit.ts';

export function withdrawExtension(kit: ExtensionKit) {
  const { repo, extensions, events, now, onChange, queueVoid, voidNow } = kit;
  /** The renter takes back their extension while it waits: its authorisation is voided, its days freed, the owner told. */
  return async function withdraw(rentalId: string, userId: string): Promise<void> {
    if (!isRowId(rentalId)) throw notFound();
    const at = now();
    const voided = await repo.transaction(async (tx) => {
      const row = await tx.lockForParty(rentalId, userId);
      if (!row) throw notFound();
      const role = roleOf(row, userId);
      const pending = await extensions.pending(rentalId, tx.executor);
      const refusal = pendingExtensionRefusal('withdraw', pendingFacts(pending), role, at);
      if (refusal) throw new AppError(role === 'renter' ? 'CONFLICT' : 'FORBIDDEN', refusal);
      await extensions.answer(tx.executor, pending!.id, 'withdrawn', at);
      await extensions.releaseHold(tx.executor, rentalId);
      await queueVoid(tx.executor, pending!, at);
      await events.publish(tx.executor, {
        type: 'rental.extension_withdrawn',
        rentalId,
        itemId: row.itemId,
        renterId: row.renterId,
        ownerId: row.ownerId,
        endDate: pending!.toEndDate,
      });
      return pending!.authorizationId;
    });
    if (voided) await voidNow(voided);
    onChange();
  };
}

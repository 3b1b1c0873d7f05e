import { addDays, AppError, extensionPosting, pendingExtensionRefusal } from '@toolshed/core';
import { isRowId } from '../../../db/ids.ts';
import { roleOf } from '../rental-view.ts';
import { notFound, pendingFacts, takenMessage, type ExtensionKit } from './extension-kit.ts';

export function answerExtension(kit: ExtensionKit) {
  const { repo, extensions, events, now, onChange, assess, postExtension, queueCapture, captureNow, queueVoid, voidNow } = kit;
  /**
   * The owner answers a request item's extension: accepting moves the end (if the days are still
   * free) and takes the payment (the card's authorisation captured, or the balance); declining
   * voids the authorisation and frees the held days. Either way only a pending extension whose hold
   * has not run out is answered, once.
   */
  return async function answer(
    rentalId: string,
    userId: string,
    answer: { accept: true } | { accept: false; reason: string },
  ): Promise<void> {
    if (!isRowId(rentalId)) throw notFound();
    const at = now();
    const capture = await repo.transaction(async (tx) => {
      const row = await tx.lockForParty(rentalId, userId);
      if (!row) throw notFound();
      const role = roleOf(row, userId);
      const pending = await extensions.pending(rentalId, tx.executor);
      const refusal = pendingExtensionRefusal(answer.accept ? 'accept' : 'decline', pendingFacts(pending), role, at);
      if (refusal) throw new AppError(role === 'owner' ? 'CONFLICT' : 'FORBIDDEN', refusal);
      if (!pending) throw new AppError('CONFLICT', 'There is no extension of this rental waiting for an answer.');
      const event = { rentalId, itemId: row.itemId, renterId: row.renterId, ownerId: row.ownerId, endDate: pending.toEndDate };
      if (!answer.accept) {
        if (!answer.reason.trim()) throw new AppError('VALIDATION', 'Please tell the renter why you are declining.', 'reason');
        await extensions.answer(tx.executor, pending.id, 'declined', at);
        await extensions.releaseHold(tx.executor, rentalId);
        await queueVoid(tx.executor, pending, at);
        await events.publish(tx.executor, { type: 'rental.extension_declined', ...event, reason: answer.reason.trim() });
        return { void: pending.authorizationId };
      }
      await extensions.lockItem(tx.executor, row.itemId);
      const terms = await extensions.itemTerms(row.itemId, tx.executor);
      const { problem, price } = assess(row, terms, pending.toEndDate, at);
      if (problem || !price) throw new AppError('CONFLICT', problem ?? 'This rental cannot be extended now.');
      if (price.linePence !== pending.linePence || price.feePence !== pending.feePence)
        throw new AppError('CONFLICT', 'This rental changed since the extension was asked for; it cannot be accepted as it is.');
      const from = addDays(row.endDate, 1);
      if (
        !(await extensions.daysFree({ itemId: row.itemId, rentalId, bufferDays: row.bufferDays }, from, pending.toEndDate, tx.executor))
      ) {
        throw new AppError('CONFLICT', takenMessage(from, pending.toEndDate));
      }
      await extensions.moveEnd(tx.executor, rentalId, pending.toEndDate, price.linePence, price.feePence);
      const posting = extensionPosting({
        rentalId,
        extensionId: pending.id,
        paymentId: row.paymentId,
        renterId: row.renterId,
        ownerId: row.ownerId,
        linePence: price.linePence,
        feePence: price.feePence,
        paidWith: pending.paidWith,
      });
      await postExtension(
        tx.executor,
        posting,
        row.renterId,
        () => new AppError('CONFLICT', "The renter's balance no longer covers the extension, so it cannot be accepted."),
      );
      await extensions.answer(tx.executor, pending.id, 'paid', at);
      if (pending.authorizationId) await queueCapture(tx.executor, pending.authorizationId, at);
      await events.publish(tx.executor, { type: 'rental.extended', extensionId: pending.id, ...event });
      return { capture: pending.authorizationId };
    });
    if ('void' in capture && capture.void) await voidNow(capture.void);
    if ('capture' in capture && capture.capture) await captureNow(capture.capture);
    onChange();
  };
}

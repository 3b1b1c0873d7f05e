import { AppError, cancelTransition, isIsoDate, refundPercentAt, todayInLondon, transitionRefusal } from '@toolshed/core';
import type { Order, PageRequest, RentalsPage, RentalView } from '@toolshed/core/contract';
import type { Executor } from '../../db/database.ts';
import { isRowId } from '../../db/ids.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { refundCancelled, releaseEarnings } from './rental-money.ts';
import type { RentalRepository } from './rental-repository.ts';
import { rentalFacts, roleOf, toRentalView } from './rental-view.ts';

export interface RentalServiceDeps {
  repo: RentalRepository;
  storage: FileStorage;
  events: EventBus;
  /** Refunds to cards are enqueued on it, for the payment provider of this name. */
  jobs: JobQueue;
  paymentProvider: string;
  now: () => Date;
  /** Called inside the return's transaction (reviews schedule their reveal). */
  onReturned?: (tx: Executor, rentalId: string, at: Date) => Promise<void>;
  /** Runs after every change browsing shows (freed or released dates). */
  onChange?: () => void;
}

const notFound = () => new AppError('NOT_FOUND', 'Rental not found.');

/**
 * The rental lifecycle applied: every transition locks the rental row, asks the lifecycle in core
 * whether this party may take it today, and makes the change with its money in one transaction.
 */
export function createRentalService({
  repo,
  storage,
  events,
  jobs,
  paymentProvider,
  now,
  onReturned,
  onChange = () => {},
}: RentalServiceDeps) {
  const today = () => todayInLondon(now());

  return {
    /** A page of the user's rentals as a renter, with the paging. */
    async mine(userId: string, page: PageRequest): Promise<RentalsPage> {
      const { rentals, total } = await repo.rentalsOfRenter(userId, page);
      return { rentals: rentals.map((r) => toRentalView(r, today(), storage, userId, now())), ...page, total };
    },

    /** A completed checkout, as its renter sees it: what was booked and what was charged. */
    async order(orderId: string, userId: string): Promise<Order> {
      const found = isRowId(orderId) ? await repo.order(orderId, userId) : undefined;
      if (!found) throw new AppError('NOT_FOUND', 'Order not found.');
      const { payment } = found;
      return {
        id: payment.id,
        reference: payment.reference,
        rentals: found.rentals.map((r) => toRentalView(r, today(), storage, userId, now())),
        subtotalPence: payment.subtotalPence,
        serviceFeePence: payment.serviceFeePence,
        totalPence: payment.amountPence,
        balancePence: payment.balancePence,
        card: { brand: payment.brand, last4: payment.last4 },
        createdAt: payment.createdAt,
      };
    },

    /** A page of the rentals of the user's items, with the paging. */
    async ofMyItems(userId: string, page: PageRequest): Promise<RentalsPage> {
      const { rentals, total } = await repo.rentalsOfOwner(userId, page);
      return { rentals: rentals.map((r) => toRentalView(r, today(), storage, userId, now())), ...page, total };
    },

    /** By the rental's id, or the spec's form: the item id, a hyphen, then the start date. */
    async one(id: string, userId: string): Promise<RentalView> {
      const byItem = /^(.{36})-(\d{4}-\d{2}-\d{2})$/.exec(id);
      const row = isRowId(id)
        ? await repo.rentalFor(id, userId)
        : byItem && isRowId(byItem[1]!) && isIsoDate(byItem[2]!)
          ? await repo.rentalByItemAndStart(byItem[1]!, byItem[2]!, userId)
          : undefined;
      if (!row) throw notFound();
      return toRentalView(row, today(), storage, userId, now());
    },

    /**
     * The renter cancels, or the owner declines (with a reason), before the start date. The renter gets
     * back what the rental's cancellation policy gives at this moment (everything when the owner
     * declines), to the card it was paid with.
     */
    async cancel(rentalId: string, userId: string, reason: string | undefined): Promise<{ refundPence: number }> {
      if (!isRowId(rentalId)) throw notFound();
      const at = now();
      const result = await repo.transaction(async (tx) => {
        const row = await tx.lockForParty(rentalId, userId);
        if (!row) throw notFound();
        const role = roleOf(row, userId);
        const refusal = transitionRefusal(cancelTransition(role), rentalFacts(row), role, todayInLondon(at));
        if (refusal) throw new AppError('CONFLICT', refusal);
        const why = reason?.trim() ? reason.trim() : null;
        if (role === 'owner' && !why) throw new AppError('VALIDATION', 'Please tell the renter why you are declining.', 'reason');
        // Money not yet taken cannot be refunded; if the capture fails for good, the booking is cancelled anyway.
        if (row.paymentStatus === 'authorised' || row.paymentStatus === 'capture_pending') {
          throw new AppError('CONFLICT', 'The payment for this booking is still being taken. Please try again in a few minutes.');
        }
        // The owner pays nothing for cancelling, and the renter gets everything back; a renter gets what the policy gives now.
        const percent = role === 'owner' ? 100 : refundPercentAt(row.cancellationPolicy, row.startDate, at);
        const cards = { jobs, provider: paymentProvider };
        const { refundPence, toCardPence } = await refundCancelled(tx.executor, row, cards, percent);
        await tx.markCancelled(rentalId, role, role === 'owner' ? why : null, refundPence, at, percent);
        await events.publish(
          tx.executor,
          {
            type: 'rental.cancelled',
            rentalId,
            itemId: row.itemId,
            renterId: row.renterId,
            ownerId: row.ownerId,
            by: role,
            reason: why ?? undefined,
            refundPence,
            toCardPence,
          },
          `rental.cancelled:${rentalId}`,
        );
        return { refundPence };
      });
      onChange();
      return result;
    },

    /**
     * Cancelled by Toolshed, not by a party: the renter gets everything they paid back, unless
     * `terms` is 'renter_policy' (the deposit could not be held on the renter's card by its deadline,
     * decision 042): then the renter gets back what their own cancellation at this moment would under
     * the rental's cancellation policy, and the owner keeps the rest of their earnings. Both sides are
     * told by `rental.cancelled`, with the amounts. A payment still being taken waits (the caller retries).
     */
    async cancelBySystem(rentalId: string, reason: string, terms: 'full_refund' | 'renter_policy' = 'full_refund'): Promise<boolean> {
      const at = now();
      const done = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        if (!row || row.cancelled || row.returned) return false;
        if (row.paymentStatus === 'authorised' || row.paymentStatus === 'capture_pending')
          throw new Error(`The payment for rental ${rentalId} is still being taken; its cancellation waits.`);
        const percent = terms === 'renter_policy' ? refundPercentAt(row.cancellationPolicy, row.startDate, at) : 100;
        const cards = { jobs, provider: paymentProvider };
        const { refundPence, toCardPence, ownerKeptPence } = await refundCancelled(tx.executor, row, cards, percent);
        await tx.markCancelled(rentalId, 'system', reason, refundPence, at, percent);
        await events.publish(
          tx.executor,
          {
            type: 'rental.cancelled',
            rentalId,
            itemId: row.itemId,
            renterId: row.renterId,
            ownerId: row.ownerId,
            by: 'system',
            reason,
            refundPence,
            toCardPence,
            ...(terms === 'renter_policy'
              ? { underPolicy: { policy: row.cancellationPolicy, refundPercent: percent, ownerKeptPence } }
              : {}),
          },
          `rental.cancelled:${rentalId}`,
        );
        return true;
      });
      if (done) onChange();
      return done;
    },

    /** Only the owner, once the rental has started: completes it and releases the earnings. */
    async markReturned(rentalId: string, userId: string): Promise<void> {
      if (!isRowId(rentalId)) throw notFound();
      const at = now();
      await repo.transaction(async (tx) => {
        const row = await tx.lockForParty(rentalId, userId);
        if (!row) throw notFound();
        const role = roleOf(row, userId);
        const refusal = transitionRefusal('mark_returned', rentalFacts(row), role, todayInLondon(at));
        if (refusal) throw new AppError(role === 'owner' ? 'CONFLICT' : 'FORBIDDEN', refusal);
        await tx.markReturned(rentalId, at);
        await releaseEarnings(tx.executor, row);
        await onReturned?.(tx.executor, rentalId, at);
        await events.publish(
          tx.executor,
          { type: 'rental.returned', rentalId, itemId: row.itemId, renterId: row.renterId, ownerId: row.ownerId },
          `rental.returned:${rentalId}`,
        );
      });
      onChange();
    },
  };
}

export type RentalService = ReturnType<typeof createRentalService>;

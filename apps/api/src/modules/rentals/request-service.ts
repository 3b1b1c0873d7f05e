import {
  AppError,
  EXPIRED_REQUEST_REASON,
  WITHDRAWN_REQUEST_REASON,
  requestAcceptedPosting,
  todayInLondon,
  RENTAL_TRANSITIONS,
  transitionRefusal,
  type RentalTransition,
} from '@toolshed/core';
import { isRowId } from '../../db/ids.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { postTransaction } from '../ledger/ledger-repository.ts';
import type { RentalRepository, Rental, RentalWriter } from './rental-repository.ts';
import { requestWriter } from './request-repository.ts';
import { rentalFacts, roleOf } from './rental-view.ts';

export interface RequestServiceDeps {
  repo: RentalRepository;
  payments: PaymentProvider;
  events: EventBus;
  now: () => Date;
  /** Runs after dates are freed (a decline, a withdrawal or an expiry), so browsing offers them again. */
  onChange?: () => void;
}

const notFound = () => new AppError('NOT_FOUND', 'Rental not found.');

/**
 * Request to book answered: the owner accepts (the request's own card authorisation is captured and
 * its money posted) or declines with a reason (the authorisation is voided, the dates freed), the
 * renter may withdraw it while it waits (the same, without a reason), and Toolshed expires a request
 * nobody answered in time. Each locks the rental row and asks the
 * lifecycle in core first, so a refused answer moves no money and changes nothing.
 */
export function createRequestService({ repo, payments, events, now, onChange = () => {} }: RequestServiceDeps) {
  /** The locked rental, if `userId` is a party and the lifecycle lets them take `transition` now. */
  async function lockFor(tx: RentalWriter, rentalId: string, userId: string, transition: RentalTransition, at: Date): Promise<Rental> {
    const row = await tx.lockForParty(rentalId, userId);
    if (!row) throw notFound();
    const role = roleOf(row, userId);
    const refusal = transitionRefusal(transition, rentalFacts(row, at), role, todayInLondon(at));
    if (refusal) throw new AppError(role === RENTAL_TRANSITIONS[transition].by ? 'CONFLICT' : 'FORBIDDEN', refusal);
    return row;
  }

  return {
    async accept(rentalId: string, userId: string): Promise<void> {
      if (!isRowId(rentalId)) throw notFound();
      const at = now();
      await repo.transaction(async (tx) => {
        const row = await lockFor(tx, rentalId, userId, 'accept_request', at);
        // Captured while the row is locked, so a decline or the expiry cannot void it meanwhile; a
        // capture that fails leaves the request pending and nothing posted.
        try {
          await payments.capture(row.requestAuthorizationId!);
        } catch {
          throw new AppError(
            'UNAVAILABLE',
            "The renter's card could not be charged just now. Nothing has changed: please try again in a moment.",
          );
        }
        await requestWriter(tx.executor).markAccepted(rentalId);
        await postTransaction(
          tx.executor,
          requestAcceptedPosting({
            rentalId,
            paymentId: row.paymentId,
            renterId: row.renterId,
            ownerId: row.ownerId,
            totalPence: row.totalPence,
            amountPence: row.requestAmountPence ?? row.totalPence,
          }),
        );
        await events.publish(
          tx.executor,
          { type: 'rental.request_accepted', rentalId, itemId: row.itemId, renterId: row.renterId, ownerId: row.ownerId },
          `rental.request_accepted:${rentalId}`,
        );
      });
    },

    async decline(rentalId: string, userId: string, reason: string | undefined): Promise<void> {
      if (!isRowId(rentalId)) throw notFound();
      const at = now();
      const why = reason?.trim();
      await repo.transaction(async (tx) => {
        const row = await lockFor(tx, rentalId, userId, 'decline_request', at);
        if (!why) throw new AppError('VALIDATION', 'Please tell the renter why you are declining.', 'reason');
        await payments.void(row.requestAuthorizationId!);
        await requestWriter(tx.executor).markClosed(rentalId, 'declined', 'owner', why, at);
        await events.publish(
          tx.executor,
          {
            type: 'rental.cancelled',
            rentalId,
            itemId: row.itemId,
            renterId: row.renterId,
            ownerId: row.ownerId,
            by: 'owner',
            reason: why,
            refundPence: 0,
            request: true,
          },
          `rental.cancelled:${rentalId}`,
        );
      });
      onChange();
    },

    /**
     * The renter takes back a request the owner has not answered: its authorisation is voided, its
     * dates are freed at once (cancelled_at), nothing is charged and the owner is told.
     */
    async withdraw(rentalId: string, userId: string): Promise<void> {
      if (!isRowId(rentalId)) throw notFound();
      const at = now();
      await repo.transaction(async (tx) => {
        const row = await lockFor(tx, rentalId, userId, 'withdraw_request', at);
        await payments.void(row.requestAuthorizationId!);
        await requestWriter(tx.executor).markClosed(rentalId, 'withdrawn', 'renter', WITHDRAWN_REQUEST_REASON, at);
        await events.publish(
          tx.executor,
          {
            type: 'rental.cancelled',
            rentalId,
            itemId: row.itemId,
            renterId: row.renterId,
            ownerId: row.ownerId,
            by: 'renter',
            refundPence: 0,
            request: true,
          },
          `rental.cancelled:${rentalId}`,
        );
      });
      onChange();
    },

    /** The expiry job: closes the request if it is still pending once its hold has run out; otherwise nothing. */
    async expire(rentalId: string, at: Date = now()): Promise<boolean> {
      const expired = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        if (!row || transitionRefusal('expire_request', rentalFacts(row, at), 'system', todayInLondon(at))) return false;
        await payments.void(row.requestAuthorizationId!);
        await requestWriter(tx.executor).markClosed(rentalId, 'expired', 'system', EXPIRED_REQUEST_REASON, at);
        await events.publish(
          tx.executor,
          {
            type: 'rental.cancelled',
            rentalId,
            itemId: row.itemId,
            renterId: row.renterId,
            ownerId: row.ownerId,
            by: 'system',
            reason: EXPIRED_REQUEST_REASON,
            refundPence: 0,
            request: true,
          },
          `rental.cancelled:${rentalId}`,
        );
        return true;
      });
      if (expired) onChange();
      return expired;
    },
  };
}

export type RequestService = ReturnType<typeof createRequestService>;

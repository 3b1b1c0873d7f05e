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
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { savePosting } from '../ledger/save-posting.ts';
import type { RentalRepository, Rental, RentalWriter } from './rental-repository.ts';
import { requestWriter } from './request-repository.ts';
import { rentalFacts, roleOf } from './rental-view.ts';

export interface RequestServiceDeps {
  repo: RentalRepository;
  payments: PaymentProvider;
  events: EventBus;
  jobs: JobQueue;
  now: () => Date;
  /** Runs after dates are freed (a decline, a withdrawal or an expiry), so browsing offers them again. */
  onChange?: () => void;
}

const notFound = () => new AppError('NOT_FOUND', 'Rental not found.');

/** Voids a closed request's authorisation: queued with the close, it runs again what the close tried after its commit. */
export const REQUEST_VOID_JOB = 'rentals.void_request';
/** The job first runs this long after the close, by when the void tried right after the commit has normally answered. */
export const REQUEST_VOID_DELAY_MS = 60_000;

interface RequestVoidPayload {
  authorizationId: string;
}

/** How a request is closed: its new status, by whom, the reason kept on the rental and whether the other side is told it. */
interface Closing {
  status: 'declined' | 'expired' | 'withdrawn';
  by: 'owner' | 'renter' | 'system';
  reason: string;
  told: boolean;
}

/**
 * Request to book answered: the owner accepts (the request's own card authorisation is captured and
 * its money posted) or declines with a reason (the authorisation is voided, the dates freed), the
 * renter may withdraw it while it waits (the same, without a reason), and Toolshed expires a request
 * nobody answered in time. Each locks the rental row and asks the
 * lifecycle in core first, so a refused answer moves no money and changes nothing. A closed
 * request's hold is voided after the commit, never under the row lock, and again by a keyed job.
 */
export function createRequestService({ repo, payments, events, jobs, now, onChange = () => {} }: RequestServiceDeps) {
  // Voiding is idempotent: a hold the close already released is voided again harmlessly.
  jobs.register<RequestVoidPayload>(
    REQUEST_VOID_JOB,
    async ({ authorizationId }) => {
      await payments.void(authorizationId);
    },
    { maxAttempts: 12, backoffMs: 60_000 },
  );

  /** The locked rental, if `userId` is a party and the lifecycle lets them take `transition` now. */
  async function lockFor(tx: RentalWriter, rentalId: string, userId: string, transition: RentalTransition, at: Date): Promise<Rental> {
    const row = await tx.lockForParty(rentalId, userId);
    if (!row) throw notFound();
    const role = roleOf(row, userId);
    const refusal = transitionRefusal(transition, rentalFacts(row, at), role, todayInLondon(at));
    if (refusal) throw new AppError(role === RENTAL_TRANSITIONS[transition].by ? 'CONFLICT' : 'FORBIDDEN', refusal);
    return row;
  }

  /**
   * Inside the transaction that locked the row: the request closed (its dates free at once, nothing
   * charged), the void of its authorisation queued to run after the commit, both sides told.
   */
  async function markClosed(tx: RentalWriter, row: Rental, closing: Closing, at: Date): Promise<void> {
    const { status, by, reason, told } = closing;
    await requestWriter(tx.executor).markClosed(row.id, status, by, reason, at);
    await jobs.enqueue(
      REQUEST_VOID_JOB,
      { authorizationId: row.requestAuthorizationId! } satisfies RequestVoidPayload,
      { key: `${REQUEST_VOID_JOB}:${row.id}`, runAt: new Date(at.getTime() + REQUEST_VOID_DELAY_MS) },
      tx.executor,
    );
    await events.publish(
      tx.executor,
      {
        type: 'rental.cancelled',
        rentalId: row.id,
        itemId: row.itemId,
        renterId: row.renterId,
        ownerId: row.ownerId,
        by,
        ...(told ? { reason } : {}),
        refundPence: 0,
        request: true,
        requestStatus: status,
      },
      `rental.cancelled:${row.id}`,
    );
  }

  /**
   * After the commit, never under the row lock: the card processor releases the hold. A void that
   * fails or whose answer is lost leaves the request closed; the job queued with it voids again.
   */
  async function voidHold(authorizationId: string): Promise<void> {
    try {
      await payments.void(authorizationId);
    } catch {
      // Retried by REQUEST_VOID_JOB.
    }
  }

  /** The owner declines (with a reason) or the renter withdraws a request that waits. */
  async function closeRequest(
    rentalId: string,
    userId: string,
    transition: 'decline_request' | 'withdraw_request',
    reason: string | undefined,
  ): Promise<void> {
    if (!isRowId(rentalId)) throw notFound();
    const at = now();
    const authorizationId = await repo.transaction(async (tx) => {
      const row = await lockFor(tx, rentalId, userId, transition, at);
      let closing: Closing;
      if (transition === 'decline_request') {
        if (!reason) throw new AppError('VALIDATION', 'Please tell the renter why you are declining.', 'reason');
        closing = { status: 'declined', by: 'owner', reason, told: true };
      } else {
        closing = { status: 'withdrawn', by: 'renter', reason: WITHDRAWN_REQUEST_REASON, told: false };
      }
      await markClosed(tx, row, closing, at);
      return row.requestAuthorizationId!;
    });
    onChange();
    await voidHold(authorizationId);
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
        await savePosting(
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

    decline: (rentalId: string, userId: string, reason: string | undefined) =>
      closeRequest(rentalId, userId, 'decline_request', reason?.trim()),

    /**
     * The renter takes back a request the owner has not answered: its authorisation is voided, its
     * dates are freed at once (cancelled_at), nothing is charged and the owner is told.
     */
    withdraw: (rentalId: string, userId: string) => closeRequest(rentalId, userId, 'withdraw_request', undefined),

    /**
     * Toolshed closes a request still waiting for the owner (a party was suspended): declined by the
     * system with `reason`, its authorisation voided, its dates freed, both sides told. False when
     * it no longer waits (answered, withdrawn or expired meanwhile).
     */
    async closeBySystem(rentalId: string, reason: string, at: Date = now()): Promise<boolean> {
      const authorizationId = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        if (!row || row.requestStatus !== 'pending' || row.cancelledAt) return null;
        await markClosed(tx, row, { status: 'declined', by: 'system', reason, told: true }, at);
        return row.requestAuthorizationId!;
      });
      if (authorizationId === null) return false;
      onChange();
      await voidHold(authorizationId);
      return true;
    },

    /** The expiry job: closes the request if it is still pending once its hold has run out; otherwise nothing. */
    async expire(rentalId: string, at: Date = now()): Promise<boolean> {
      const authorizationId = await repo.transaction(async (tx) => {
        const row = await tx.lock(rentalId);
        if (!row || transitionRefusal('expire_request', rentalFacts(row, at), 'system', todayInLondon(at))) return null;
        await markClosed(tx, row, { status: 'expired', by: 'system', reason: EXPIRED_REQUEST_REASON, told: true }, at);
        return row.requestAuthorizationId!;
      });
      if (authorizationId === null) return false;
      onChange();
      await voidHold(authorizationId);
      return true;
    },
  };
}

export type RequestService = ReturnType<typeof createRequestService>;

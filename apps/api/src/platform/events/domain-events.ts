import { randomUUID } from 'node:crypto';
import type { CancellationPolicy } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import type { JobContext, JobOptions, JobQueue } from '../jobs/job-queue.ts';

/**
 * What happened in the marketplace, for whoever needs to react (notifications, emails, ...).
 * Add a variant here when a new producer needs one.
 */
export type DomainEvent =
  | { type: 'rental.booked'; rentalId: string; itemId: string; renterId: string; ownerId: string; paymentId: string }
  /** A request to book: its dates held and its card authorised until the owner answers or `expiresAt` passes. */
  | { type: 'rental.requested'; rentalId: string; itemId: string; renterId: string; ownerId: string; paymentId: string; expiresAt: string }
  | { type: 'rental.request_accepted'; rentalId: string; itemId: string; renterId: string; ownerId: string }
  /** The renter extended a rental to `endDate` (an instant item), asked to (a request item), or the owner answered. */
  | { type: 'rental.extended'; extensionId: string; rentalId: string; itemId: string; renterId: string; ownerId: string; endDate: string }
  | { type: 'rental.extension_requested'; rentalId: string; itemId: string; renterId: string; ownerId: string; endDate: string }
  /** A request item's pending extension withdrawn by its renter, or expired unanswered: its days freed, nothing charged. */
  | { type: 'rental.extension_withdrawn'; rentalId: string; itemId: string; renterId: string; ownerId: string; endDate: string }
  | {
      type: 'rental.extension_reversed';
      extensionId: string;
      rentalId: string;
      itemId: string;
      renterId: string;
      ownerId: string;
      fromEndDate: string;
      toEndDate: string;
      /** False when a later extension runs on from it: its days stay booked. */
      daysFreed: boolean;
      amountPence: number;
    }
  | { type: 'rental.extension_expired'; rentalId: string; itemId: string; renterId: string; ownerId: string; endDate: string }
  | {
      type: 'rental.extension_declined';
      rentalId: string;
      itemId: string;
      renterId: string;
      ownerId: string;
      endDate: string;
      reason: string;
      /** Toolshed declined it (a party was suspended): both sides are told, not only the renter. */
      by?: 'owner' | 'system';
    }
  | {
      type: 'rental.cancelled';
      rentalId: string;
      itemId: string;
      renterId: string;
      ownerId: string;
      by: 'renter' | 'owner' | 'system';
      reason?: string | undefined;
      refundPence: number;
      /** What of the refund goes back to cards (the rest to the renter's balance). */
      toCardPence?: number;
      /** A request declined by the owner, withdrawn by the renter or expired: nothing was charged. */
      request?: boolean;
      /** How the request ended (declined by Toolshed when `by` is 'system' and it is 'declined'). */
      requestStatus?: 'declined' | 'expired' | 'withdrawn';
      /**
       * Cancelled by Toolshed as the renter's cancellation under the rental's policy (their deposit
       * could not be held, decision 042): the share given back and what the owner keeps of their earnings.
       */
      underPolicy?: { policy: CancellationPolicy; refundPercent: number; ownerKeptPence: number };
    }
  | { type: 'rental.returned'; rentalId: string; itemId: string; renterId: string; ownerId: string }
  /** A scheduled deposit still not held 12 hours before the start (the saved card declined, no other given): the rental is cancelled. */
  | { type: 'deposit.not_held'; rentalId: string; itemId: string; renterId: string; ownerId: string }
  /** Days an owner's other calendar no longer blocks (an import without them, the calendar removed), within `startDate`-`endDate`. */
  | { type: 'calendar.days_unblocked'; itemId: string; ownerId: string; startDate: string; endDate: string }
  | { type: 'review.published'; reviewId: string; reviewerId: string; revieweeId: string; rentalId: string }
  | { type: 'message.sent'; messageId: string; itemId: string; senderId: string; recipientId: string }
  /** A refund to the card refused for good: its amount went to the renter's Toolshed balance instead. */
  | { type: 'card_refund.failed'; refundId: string; rentalId: string; renterId: string; amountPence: number }
  | { type: 'payout.paid'; withdrawalId: string; userId: string; amountPence: number }
  | { type: 'payout.failed'; withdrawalId: string; userId: string; amountPence: number; reason: string }
  | { type: 'payout.returned'; withdrawalId: string; userId: string; amountPence: number; reason: string }
  | { type: 'payment.capture_failed'; paymentId: string; renterId: string }
  /** A checkout's card payment was taken (captured): once per payment, whichever path captured it. */
  | { type: 'payment.captured'; paymentId: string; renterId: string };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/**
 * Domain events delivered through the job queue: `publish` inside the producer's transaction
 * enqueues one job per subscriber, so each subscriber sees each event exactly once (retried on
 * failure) and only if the change it describes was committed.
 */
export function createEventBus(jobs: JobQueue) {
  const subscribers = new Map<DomainEventType, string[]>();
  return {
    /** `name` identifies the subscriber (e.g. 'notifications'); one name per type. */
    subscribe<T extends DomainEventType>(
      type: T,
      name: string,
      handler: (event: EventOf<T>, ctx: JobContext) => Promise<void>,
      options?: JobOptions,
    ): void {
      const list = subscribers.get(type) ?? [];
      if (list.includes(name)) throw new Error(`${name} already subscribes to ${type}`);
      subscribers.set(type, [...list, name]);
      jobs.register<EventOf<T>>(`event:${type}:${name}`, handler, options);
    },
    /**
     * Publishes through `executor` (pass the open transaction). `id` makes publishing idempotent:
     * the same id is delivered once even if published twice.
     */
    async publish(executor: Executor, event: DomainEvent, id: string = randomUUID()): Promise<void> {
      for (const name of subscribers.get(event.type) ?? []) {
        await jobs.enqueue(`event:${event.type}:${name}`, event, { key: `event:${id}:${name}` }, executor);
      }
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;

import { randomUUID } from 'node:crypto';
import { AppError, declineMessage, feeShares, requestExpiresAt, requestStartProblem, type PriceBreakdown } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider, PaymentSource } from '../../platform/payments/payment-provider.ts';
import type { NewRental } from './booking-repository.ts';

/** The job that closes a request nobody answered, at the end of its hold (rentals/request-expiry-job.ts runs it). */
export const REQUEST_EXPIRY_JOB = 'rentals.expire_request';
const requestExpiryKey = (rentalId: string) => `${REQUEST_EXPIRY_JOB}:${rentalId}`;

interface SplitLine extends NewRental {
  id: string;
  bookingMode: 'instant' | 'request';
}

interface ChargeSplit {
  lines: SplitLine[];
  /** The instant lines and their fee shares: authorised now and captured once booked. */
  instantPence: number;
  /** Of that, the fee. */
  instantFeePence: number;
  /** Each request line with its fee share: authorised on its own, captured only when the owner accepts. */
  requests: Array<{ index: number; amountPence: number }>;
}

/**
 * One wheelbarrow, one payment, each line settled on its own: the fee of the whole basket (core
 * priceBasket) is shared over the lines as a cancellation shares it (feeShares over the lines in
 * rental id order, so the ids are chosen here); instant lines are charged together, each request line
 * is authorised for its total and its share.
 */
export function splitCharges(
  booked: ReadonlyArray<NewRental & { bookingMode: 'instant' | 'request' }>,
  price: PriceBreakdown,
): ChargeSplit {
  const lines = booked.map((b) => ({ ...b, id: randomUUID() }));
  const byId = [...lines].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const shares = feeShares(
    price.serviceFeePence,
    byId.map((l) => l.totalPence),
  );
  const shareOf = new Map(byId.map((l, i) => [l.id, shares[i]!]));
  let instantPence = 0;
  let instantFeePence = 0;
  const requests: ChargeSplit['requests'] = [];
  lines.forEach((line, index) => {
    const share = shareOf.get(line.id)!;
    if (line.bookingMode === 'request') requests.push({ index, amountPence: line.totalPence + share });
    else {
      instantPence += line.totalPence + share;
      instantFeePence += share;
    }
  });
  return { lines, instantPence, instantFeePence, requests };
}

/** A request needs time for the owner to answer: at least 12 hours before its start (core requestStartProblem). */
export function requestLineProblem(line: { startDate: string; bookingMode: 'instant' | 'request' }, name: string, at: Date): string | null {
  return line.bookingMode === 'request' ? requestStartProblem(at, line.startDate, name) : null;
}

/**
 * Authorises each request line on the card, as holds of their own. A decline releases the holds made
 * so far (the caller releases the rest of the checkout's) and is reported like a checkout decline.
 */
export async function authorizeRequests(
  payments: PaymentProvider,
  split: ChargeSplit,
  source: PaymentSource,
  reference: string,
  at: Date,
): Promise<string[]> {
  const held: string[] = [];
  for (const request of split.requests) {
    const line = split.lines[request.index]!;
    const auth = await payments.authorize({ amountPence: request.amountPence, ...source, reference: `${reference}:${line.id}` });
    if (!auth.ok) {
      await releaseRequests(payments, held);
      throw new AppError('PAYMENT_FAILED', declineMessage(auth.reason), 'card');
    }
    held.push(auth.authorizationId);
    line.request = {
      expiresAt: requestExpiresAt(at, line.startDate),
      authorizationId: auth.authorizationId,
      amountPence: request.amountPence,
    };
  }
  return held;
}

export async function releaseRequests(payments: PaymentProvider, authorizationIds: readonly string[]): Promise<void> {
  for (const id of authorizationIds) await payments.void(id);
}

/** In the booking's transaction: the owner is told of the request and its expiry is scheduled. */
export async function recordRequest(
  tx: Executor,
  events: EventBus,
  jobs: JobQueue,
  line: SplitLine,
  renterId: string,
  paymentId: string,
): Promise<void> {
  const expiresAt = line.request!.expiresAt;
  await events.publish(
    tx,
    {
      type: 'rental.requested',
      rentalId: line.id,
      itemId: line.itemId,
      renterId,
      ownerId: line.ownerId,
      paymentId,
      expiresAt: expiresAt.toISOString(),
    },
    `rental.requested:${line.id}`,
  );
  await jobs.enqueue(REQUEST_EXPIRY_JOB, { rentalId: line.id }, { key: requestExpiryKey(line.id), runAt: expiresAt }, tx);
}

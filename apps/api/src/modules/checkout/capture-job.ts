import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { PaymentRepository } from './payment-repository.ts';

export const CAPTURE_JOB = 'payments.capture';
/** Captures tried by the job before the booking is given up (about two hours with the backoff). */
export const CAPTURE_ATTEMPTS = 8;
/** First retry after this long, doubling each time. */
export const CAPTURE_BACKOFF_MS = 60_000;
/** The job is enqueued with every booking and first runs this long after it, in case the process dies before capturing. */
export const CAPTURE_SAFETY_DELAY_MS = 60_000;

export interface CaptureJobPayload {
  paymentId: string;
}

export const captureJobKey = (paymentId: string) => `${CAPTURE_JOB}:${paymentId}`;

/**
 * Records that the processor captured the payment and, with it, publishes `payment.captured` (the
 * renter's receipt follows from it). Both capturing paths (right after the booking, and this job)
 * call it; the payment moves to captured once and the event is keyed by the payment, so it is
 * delivered once whichever path got there first.
 */
export function recordCapture(repo: PaymentRepository, events: EventBus, paymentId: string, now: Date): Promise<boolean> {
  return repo.markCaptured(paymentId, now, (tx, { renterId }) =>
    events.publish(tx, { type: 'payment.captured', paymentId, renterId }, `payment.captured:${paymentId}`),
  );
}

/**
 * Makes sure every booked payment is captured. A capture that fails is retried with backoff; after
 * CAPTURE_ATTEMPTS the payment is flagged and voided, its bookings cancelled, the ledger reversed and
 * `payment.capture_failed` published (the renter is told). Nothing else ever voids a booked payment.
 */
export function registerCaptureJob(deps: {
  jobs: JobQueue;
  events: EventBus;
  repo: PaymentRepository;
  payments: PaymentProvider;
  onCancelled: () => void;
  log: { error(obj: object, msg: string): void };
}): void {
  const { jobs, events, repo, payments } = deps;
  jobs.register<CaptureJobPayload>(
    CAPTURE_JOB,
    async ({ paymentId }, { now, attempt }) => {
      const payment = await repo.find(paymentId);
      if (!payment || (payment.status !== 'authorised' && payment.status !== 'capture_pending')) return;
      try {
        await payments.capture(payment.providerReference);
        await recordCapture(repo, events, paymentId, now);
        return;
      } catch (err) {
        await repo.move(paymentId, ['authorised'], 'capture_pending', now);
        if (attempt < CAPTURE_ATTEMPTS) throw err;
      }
      const cancelled = await repo.cancelUncaptured(paymentId, now, async (tx, rentals) => {
        await events.publish(
          tx,
          { type: 'payment.capture_failed', paymentId, renterId: payment.renterId },
          `payment.capture_failed:${paymentId}`,
        );
        for (const r of rentals) {
          await events.publish(
            tx,
            {
              type: 'rental.cancelled',
              rentalId: r.id,
              itemId: r.itemId,
              renterId: payment.renterId,
              ownerId: r.ownerId,
              by: 'system',
              reason: 'The payment could not be taken.',
              refundPence: 0,
            },
            `rental.cancelled:${r.id}`,
          );
        }
      });
      if (!cancelled) return;
      deps.onCancelled();
      // The booking is already undone; a hold that cannot be released now lapses at the card issuer.
      await payments
        .void(payment.providerReference)
        .catch((err: unknown) => deps.log.error({ paymentId, err: String(err) }, 'could not void the hold of an uncaptured payment'));
    },
    // A few runs beyond the bound, so that giving up can itself be retried if the database is away.
    { maxAttempts: CAPTURE_ATTEMPTS + 3, backoffMs: CAPTURE_BACKOFF_MS },
  );
}

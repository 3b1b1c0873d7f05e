import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { CheckoutDeposits } from '../deposits/deposits-module.ts';
import { createAttemptRepository } from './attempt-repository.ts';
import { registerAttemptSweepJob } from './attempt-sweep-job.ts';
import { registerCaptureJob } from './capture-job.ts';
import type { CheckoutRepository } from './checkout-repository.ts';
import { createCheckoutService } from './checkout-service.ts';
import { createPaymentRepository } from './payment-repository.ts';

/** The checkout service with its background jobs (capture retries, crashed-attempt sweeps) registered. */
export function setUpCheckout(deps: {
  db: Db;
  repo: CheckoutRepository;
  payments: PaymentProvider;
  jobs: JobQueue;
  events: EventBus;
  now: () => Date;
  /** Told when bookings are made or cancelled, so cached browse answers are dropped. */
  onBookingsChanged: () => void;
  log: { error(obj: object, msg: string): void };
  /** Each line's deposit: authorised beside the charge, saved with the booking. */
  deposits?: CheckoutDeposits;
}) {
  const attempts = createAttemptRepository(deps.db);
  const paymentRecords = createPaymentRepository(deps.db);
  registerCaptureJob({
    jobs: deps.jobs,
    events: deps.events,
    repo: paymentRecords,
    payments: deps.payments,
    onCancelled: deps.onBookingsChanged,
    log: deps.log,
  });
  registerAttemptSweepJob(deps.jobs, attempts, deps.payments);
  return createCheckoutService({
    repo: deps.repo,
    attempts,
    paymentRecords,
    payments: deps.payments,
    jobs: deps.jobs,
    events: deps.events,
    now: deps.now,
    onBooked: deps.onBookingsChanged,
    ...(deps.deposits ? { deposits: deps.deposits } : {}),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { RenterRequirementsCheck } from '../items/renter-requirements.ts';
import { checkoutRequiringStanding, wheelbarrowCheckRequiringStanding } from '../items/renter-requirements.ts';
import { checkoutRefusingBlocked, wheelbarrowCheckRefusingBlocked } from '../safety/block-guards.ts';
import type { BlocksService } from '../safety/blocks-service.ts';
import { createCheckoutRepository } from './checkout-repository.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { createWheelbarrowCheck } from './wheelbarrow-check.ts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { CheckoutDeposits } from '../deposits/deposits-module.ts';
import { createAttemptRepository } from './attempt-repository.ts';
import { registerAttemptSweepJob } from './attempt-sweep-job.ts';
import { registerCaptureJob } from './capture-job.ts';
import type { CheckoutRepository } from './checkout-repository.ts';
import type { CheckoutLineInput } from './checkout-kit.ts';
import { createCheckoutService } from './checkout-service.ts';
import { createPaymentRepository } from './payment-repository.ts';
import { handoverHoursService } from '../handover-times/handover-times-module.ts';

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
  registerAttemptSweepJob(deps.jobs, attempts, deps.payments, deps.onBookingsChanged);
  return createCheckoutService({
    repo: deps.repo,
    attempts,
    paymentRecords,
    payments: deps.payments,
    jobs: deps.jobs,
    events: deps.events,
    now: deps.now,
    onBooked: deps.onBookingsChanged,
    handoverTimes: handoverHoursService(deps),
    ...(deps.deposits ? { deposits: deps.deposits } : {}),
  });
}

/**
 * Checkout and the wheelbarrow's check, refusing what the owner's asks of renters or a block refuse.
 * Offers `check` (as checkout would judge the lines) and `datesCheck` (free dates, without the
 * owner's asks: free days are free to everyone).
 */
export async function registerCheckout(
  api: FastifyInstance,
  kit: ModuleKit,
  uses: { deposits: CheckoutDeposits; requirements: RenterRequirementsCheck; blocks: BlocksService },
) {
  const repo = createCheckoutRepository(kit.db);
  const checkout = setUpCheckout({ ...kit, repo, onBookingsChanged: kit.catalogueChanged, deposits: uses.deposits });
  const attempts = createAttemptRepository(kit.db);
  // Dates another renter's checkout holds while its bank's challenge is open count as taken (not the asker's own).
  const held = (lines: CheckoutLineInput[], renterId: string | null, at: Date) => attempts.heldByChallenges(lines, null, at, renterId);
  const datesCheck = createWheelbarrowCheck(repo, kit.storage, kit.now, held);
  const check = wheelbarrowCheckRefusingBlocked(wheelbarrowCheckRequiringStanding(datesCheck, uses.requirements), uses.blocks);
  await api.register(checkoutRoutes, {
    service: checkoutRefusingBlocked(checkoutRequiringStanding(checkout, uses.requirements), uses.blocks),
    check,
    payments: kit.payments,
    perUserLimit: kit.config.checkoutRateLimit,
  });
  return { check, datesCheck };
}

import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { Notifications } from '../notifications/notifications-module.ts';
import { createHandoverRepository } from '../rentals/handover-repository.ts';
import { depositsRoutes } from './deposits-routes.ts';
import { claimWindowClosesAt } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { DeclineReason, PaymentProvider, PaymentSource } from '../../platform/payments/payment-provider.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { Notice } from '../notifications/notifier.ts';
import { createDepositsRepository, recordHolds } from './deposits-repository.ts';
import { createDepositChallengesRepository } from './deposit-challenges-repository.ts';
import { CARD_JOB, ESCALATE_JOB, RELEASE_JOB, createDepositsService } from './deposits-service.ts';
import { createClaimKit } from './claim-kit.ts';
import { AUTHORISE_JOB, CARD_DEADLINE_JOB, LAPSE_JOB, RENEW_JOB, depositSchedule } from './deposit-schedule.ts';
import { holdsAtCheckout } from './deposit-timing.ts';
import { CARD_CHALLENGE_SWEEP_JOB } from './give-deposit-card.ts';
import { DEFAULT_AUTHORISATION_DAYS } from '../../platform/payments/simulated-processor.ts';

/**
 * A line's deposit from checkout: authorised on the card before the booking commits, or scheduled
 * (authorizationId null) to be authorised off-session with the saved payment method 24 hours before the start.
 */
export interface DepositAuthorization {
  /** The checkout line it is for (its index in the booked lines). */
  line: number;
  amountPence: number;
  authorizationId: string | null;
  /** The processor's payment method saved for this booking's deposits. */
  paymentMethodId: string;
  startDate: string;
  /** When the authorisation lapses (null while scheduled). */
  expiresAt: Date | null;
}

/**
 * Deposits wired: the service for the routes, the card job (capture or release an authorisation
 * once the ledger says so), the release after the claim window, the escalation of a dispute, and
 * what checkout asks of deposits (authorise each line's deposit, save the holds with the booking,
 * release them if the booking is not made).
 */
export function setUpDeposits(deps: {
  db: Db;
  jobs: JobQueue;
  events: EventBus;
  payments: PaymentProvider;
  mailer: Mailer;
  supportEmail: string;
  appUrl: string;
  now: () => Date;
  notify: (tx: Executor, notice: Notice) => Promise<unknown>;
  storage: FileStorage;
  /** Days a card authorisation lasts at the processor (PAYMENTS_AUTHORISATION_DAYS; 7 by default): held deposits are renewed a day before. */
  authorisationDays?: number;
  /** The rental's handover photos (before and after), listed in a dispute's evidence pack. */
  handover?: { photos(rentalId: string): Promise<Array<{ id: string; side: string; takenAt: Date }>> };
}) {
  const { jobs, events, payments } = deps;
  const repo = createDepositsRepository(deps.db);
  const { handover } = deps;
  const evidencePhotos = handover
    ? async (rentalId: string) =>
        (await handover.photos(rentalId)).map(
          (p) =>
            `${deps.appUrl}/api/rentals/${rentalId}/handover/photos/${p.id} (${p.side === 'pickup' ? 'pick-up' : 'return'}, taken ${p.takenAt.toISOString()})`,
        )
    : undefined;
  const serviceDeps = {
    repo,
    jobs,
    mailer: deps.mailer,
    storage: deps.storage,
    supportEmail: deps.supportEmail,
    appUrl: deps.appUrl,
    now: deps.now,
    notify: deps.notify,
    ...(evidencePhotos ? { evidencePhotos } : {}),
  };
  const service = createDepositsService(serviceDeps);
  const authorisationDays = deps.authorisationDays ?? DEFAULT_AUTHORISATION_DAYS;
  const challenges = createDepositChallengesRepository(deps.db);
  const schedule = depositSchedule(createClaimKit(serviceDeps), { payments, events, jobs, authorisationDays, challenges });

  // The card follows the ledger: a settled hold's authorisation is captured for what claims took, or voided.
  jobs.register<{ holdId: string }>(
    CARD_JOB,
    async ({ holdId }) => {
      const hold = await repo.holdById(holdId);
      if (!hold?.authorizationId || hold.status === 'held') return;
      if (hold.status === 'captured') await payments.capture(hold.authorizationId, hold.capturedPence!);
      else await payments.void(hold.authorizationId);
    },
    { maxAttempts: 12, backoffMs: 60_000 },
  );
  jobs.register<{ holdId: string }>(AUTHORISE_JOB, async ({ holdId }, { now }) => {
    await schedule.authorise(holdId, now);
  });
  jobs.register<{ holdId: string }>(CARD_DEADLINE_JOB, async ({ holdId }, { now }) => {
    await schedule.deadline(holdId, now);
  });
  jobs.register<{ holdId: string; authorizationId: string }>(RENEW_JOB, async ({ holdId, authorizationId }, { now }) => {
    await schedule.renew(holdId, authorizationId, now);
  });
  jobs.register<{ holdId: string; authorizationId: string }>(LAPSE_JOB, async ({ holdId, authorizationId }, { now }) => {
    await schedule.lapse(holdId, authorizationId, now);
  });
  jobs.register<{ challengeId: string }>(CARD_CHALLENGE_SWEEP_JOB, async ({ challengeId }, { now }) => {
    await schedule.sweepCardChallenge(challengeId, now);
  });
  jobs.register<{ rentalId: string }>(RELEASE_JOB, async ({ rentalId }, { now }) => {
    await service.releaseIfDue(rentalId, now);
  });
  jobs.register<{ claimId: string }>(ESCALATE_JOB, async ({ claimId }, { now }) => {
    await service.escalate(claimId, now);
  });
  // A return schedules the release for when reports close.
  events.subscribe('rental.returned', 'deposits', async (e) => {
    const hold = await repo.hold(e.rentalId);
    if (hold?.status !== 'held') return;
    const rental = await repo.rentalFor(e.rentalId, e.ownerId);
    const closes =
      rental && claimWindowClosesAt({ endDate: rental.endDate, returnedAt: rental.returnedAt ? new Date(rental.returnedAt) : null });
    if (closes) await jobs.enqueue(RELEASE_JOB, { rentalId: e.rentalId }, { key: `${RELEASE_JOB}:${e.rentalId}`, runAt: closes });
  });
  events.subscribe('rental.cancelled', 'deposits', async (e, { now }) => {
    await service.releaseCancelled(e.rentalId, now);
  });

  /** The booking was not made: nothing stays held. */
  async function release(holds: readonly DepositAuthorization[]) {
    for (const h of holds) if (h.authorizationId) await payments.void(h.authorizationId).catch(() => undefined);
  }

  return {
    service,
    schedule,
    checkout: {
      /**
       * Each line's deposit: the card is saved with the processor for this booking's deposits (the
       * renter agrees by booking an item that asks for one), then a line starting within 24 hours is
       * held on the card now; a later one is scheduled. On a decline releases those already held;
       * `remember` records each hold as soon as it is made (the checkout attempt's).
       */
      async authorize(
        lines: ReadonlyArray<{ depositPence: number; startDate: string }>,
        source: PaymentSource,
        reference: string,
        remember: (authorizationId: string) => Promise<void> = async () => {},
      ): Promise<{ ok: true; holds: DepositAuthorization[] } | { ok: false; reason: DeclineReason }> {
        const holds: DepositAuthorization[] = [];
        if (!lines.some((l) => l.depositPence > 0)) return { ok: true, holds };
        if ('paymentMethodId' in source) throw new Error('Checkout gives the card itself, or its authentication');
        const saved = await payments.savePaymentMethod({ ...source, reference: `${reference}:deposit` });
        if (!saved.ok) return { ok: false, reason: saved.reason };
        for (const [line, { depositPence, startDate }] of lines.entries()) {
          if (depositPence <= 0) continue;
          const at = deps.now();
          const base = { line, amountPence: depositPence, paymentMethodId: saved.paymentMethodId, startDate };
          if (!holdsAtCheckout(startDate, at)) {
            holds.push({ ...base, authorizationId: null, expiresAt: null });
            continue;
          }
          const auth = await payments.authorize({ amountPence: depositPence, ...source, reference: `${reference}:deposit:${line}` });
          if (!auth.ok) {
            await release(holds);
            return { ok: false, reason: auth.reason };
          }
          holds.push({
            ...base,
            authorizationId: auth.authorizationId,
            expiresAt: new Date(at.getTime() + authorisationDays * 86_400_000),
          });
          await remember(auth.authorizationId);
        }
        return { ok: true, holds };
      },
      /** Saves the deposits with the booking (inside its transaction), with the jobs that hold or renew them. */
      async record(
        tx: Executor,
        holds: readonly DepositAuthorization[],
        booked: { renterId: string; rentalIds: readonly string[]; ownerIds: readonly string[] },
      ) {
        const ids = await recordHolds(
          tx,
          holds.map((h) => ({
            rentalId: booked.rentalIds[h.line]!,
            renterId: booked.renterId,
            ownerId: booked.ownerIds[h.line]!,
            amountPence: h.amountPence,
            provider: payments.name,
            authorizationId: h.authorizationId,
            paymentMethodId: h.paymentMethodId,
            authorisationExpiresAt: h.expiresAt,
          })),
        );
        await schedule.afterRecorded(
          tx,
          holds.map((h, i) => ({
            holdId: ids[i]!,
            startDate: h.startDate,
            authorizationId: h.authorizationId,
            expiresAt: h.expiresAt,
            paymentMethodId: h.paymentMethodId,
          })),
        );
      },
      release,
    },
  };
}

export type DepositsSetup = ReturnType<typeof setUpDeposits>;
export type CheckoutDeposits = DepositsSetup['checkout'];

/** Deposits: held at checkout, claims, disputes and releases; `checkout` for the checkout module. */
export async function registerDeposits(api: FastifyInstance, kit: ModuleKit, uses: { notifications: Notifications }) {
  const deposits = setUpDeposits({
    db: kit.db,
    jobs: kit.jobs,
    events: kit.events,
    payments: kit.payments,
    mailer: kit.mailer,
    supportEmail: kit.config.supportEmail,
    appUrl: kit.config.appUrl,
    now: kit.now,
    notify: uses.notifications.notifier.notify,
    storage: kit.storage,
    authorisationDays: kit.config.paymentAuthorisationDays,
    handover: createHandoverRepository(kit.db),
  });
  await api.register(depositsRoutes, { service: deposits.service, schedule: deposits.schedule });
  return deposits;
}

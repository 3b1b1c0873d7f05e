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
import { CARD_JOB, ESCALATE_JOB, RELEASE_JOB, createDepositsService } from './deposits-service.ts';

/** A deposit authorised on the card before the booking commits. */
export interface DepositAuthorization {
  /** The checkout line it is for (its index in the booked lines). */
  line: number;
  amountPence: number;
  authorizationId: string;
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
  const service = createDepositsService({
    repo,
    jobs,
    mailer: deps.mailer,
    storage: deps.storage,
    supportEmail: deps.supportEmail,
    appUrl: deps.appUrl,
    now: deps.now,
    notify: deps.notify,
    ...(evidencePhotos ? { evidencePhotos } : {}),
  });

  // The card follows the ledger: a settled hold's authorisation is captured for what claims took, or voided.
  jobs.register<{ holdId: string }>(
    CARD_JOB,
    async ({ holdId }) => {
      const hold = await repo.holdById(holdId);
      if (!hold || hold.status === 'held') return;
      if (hold.status === 'captured') await payments.capture(hold.authorizationId, hold.capturedPence!);
      else await payments.void(hold.authorizationId);
    },
    { maxAttempts: 12, backoffMs: 60_000 },
  );
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
    for (const h of holds) await payments.void(h.authorizationId).catch(() => undefined);
  }

  return {
    service,
    checkout: {
      /** Authorises each line's deposit on the card (held, not charged); on a decline releases those already held. */
      /** Holds each line's deposit on the card; `remember` records each hold as soon as it is made (the checkout attempt's). */
      async authorize(
        lines: ReadonlyArray<{ depositPence: number }>,
        source: PaymentSource,
        reference: string,
        remember: (authorizationId: string) => Promise<void> = async () => {},
      ): Promise<{ ok: true; holds: DepositAuthorization[] } | { ok: false; reason: DeclineReason }> {
        const holds: DepositAuthorization[] = [];
        for (const [line, { depositPence }] of lines.entries()) {
          if (depositPence <= 0) continue;
          const auth = await payments.authorize({ amountPence: depositPence, ...source, reference: `${reference}:deposit:${line}` });
          if (!auth.ok) {
            await release(holds);
            return { ok: false, reason: auth.reason };
          }
          holds.push({ line, amountPence: depositPence, authorizationId: auth.authorizationId });
          await remember(auth.authorizationId);
        }
        return { ok: true, holds };
      },
      /** Saves the holds with the booking (inside its transaction). */
      record(
        tx: Executor,
        holds: readonly DepositAuthorization[],
        booked: { renterId: string; rentalIds: readonly string[]; ownerIds: readonly string[] },
      ) {
        return recordHolds(
          tx,
          holds.map((h) => ({
            rentalId: booked.rentalIds[h.line]!,
            renterId: booked.renterId,
            ownerId: booked.ownerIds[h.line]!,
            amountPence: h.amountPence,
            provider: payments.name,
            authorizationId: h.authorizationId,
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
    handover: createHandoverRepository(kit.db),
  });
  await api.register(depositsRoutes, { service: deposits.service });
  return deposits;
}

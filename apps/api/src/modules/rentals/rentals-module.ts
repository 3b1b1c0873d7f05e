import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { requestsRefusingBlocked } from '../safety/block-guards.ts';
import type { BlocksService } from '../safety/blocks-service.ts';
import { extensionRoutes } from './extension-routes.ts';
import { handoverRoutes } from './handover-routes.ts';
import { rentalRoutes } from './rental-routes.ts';
import { requestRoutes } from './request-routes.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { registerCardRefundJob } from './card-refund-job.ts';
import { registerExtensionExpiryJob } from './extension-expiry-job.ts';
import { createExtensionRepository } from './extension-repository.ts';
import { createExtensionService, type ExtensionService } from './extension-service.ts';
import { createHandoverRepository } from './handover-repository.ts';
import { createHandoverService, type HandoverService } from './handover-service.ts';
import { createRentalRepository, type RentalRepository } from './rental-repository.ts';
import { registerRequestExpiryJob } from './request-expiry-job.ts';
import { createRequestService, type RequestService } from './request-service.ts';
import { createRentalService, type RentalService } from './rental-service.ts';

/** Why Toolshed cancelled a booking whose deposit could not be held (shown to both parties). */
export const DEPOSIT_NOT_HELD_REASON = "The deposit could not be held on the renter's card.";

/**
 * Rentals once booked: their lifecycle (cancel, return), requests to book and extensions waiting for
 * their owners (with the jobs that expire them), and the handover photos.
 */
export function setUpRentals(deps: {
  db: Db;
  repo: RentalRepository;
  storage: FileStorage;
  payments: PaymentProvider;
  events: EventBus;
  jobs: JobQueue;
  now: () => Date;
  /** Called inside a return's transaction (reviews schedule their reveal). */
  onReturned: (tx: Executor, rentalId: string, at: Date) => Promise<void>;
  /** Runs after every change browsing shows. */
  onChange: () => void;
}): { rentals: RentalService; requests: RequestService; extensions: ExtensionService; handover: HandoverService } {
  const { db, repo, storage, payments, events, jobs, now, onReturned, onChange } = deps;
  const rentals = createRentalService({ repo, storage, events, jobs, paymentProvider: payments.name, now, onReturned, onChange });
  registerCardRefundJob({ db, jobs, events, payments });
  const requests = createRequestService({ repo, payments, events, jobs, now, onChange });
  registerRequestExpiryJob(jobs, requests);
  const extensions = createExtensionService({ repo, extensions: createExtensionRepository(db), payments, events, jobs, now, onChange });
  registerExtensionExpiryJob(jobs, events, extensions);
  // A deposit still not held 12 hours before the start (deposits module): Toolshed cancels the booking as the
  // renter's cancellation at that moment under its policy, since no card of theirs held it (decision 042).
  events.subscribe('deposit.not_held', 'rentals', async (e) => {
    await rentals.cancelBySystem(e.rentalId, DEPOSIT_NOT_HELD_REASON, 'renter_policy');
  });
  const handover = createHandoverService({ repo: createHandoverRepository(db), storage, now });
  return { rentals, requests, extensions, handover };
}

/** Rentals, requests to book, extensions and handovers, with their routes; an accept refused across a block. */
export async function registerRentals(
  api: FastifyInstance,
  kit: ModuleKit,
  uses: { onReturned: (tx: Executor, rentalId: string, at: Date) => Promise<void>; blocks: BlocksService },
) {
  const rentals = setUpRentals({
    ...kit,
    repo: createRentalRepository(kit.db),
    onReturned: uses.onReturned,
    onChange: kit.catalogueChanged,
  });
  await api.register(rentalRoutes, { service: rentals.rentals });
  await api.register(requestRoutes, { service: requestsRefusingBlocked(rentals.requests, uses.blocks) });
  await api.register(extensionRoutes, { service: rentals.extensions });
  await api.register(handoverRoutes, { service: rentals.handover });
  return rentals;
}

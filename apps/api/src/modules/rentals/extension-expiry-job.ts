import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { EXTENSION_EXPIRY_JOB, type ExtensionService } from './extension-service.ts';

/**
 * Enqueued with each pending extension, to run when its hold ends: closes it if nobody answered.
 * A rental cancelled or returned while an extension waits ends the extension at once: its days are
 * freed and its card authorisation voided then, not a day later when the hold would have run out.
 */
export function registerExtensionExpiryJob(jobs: JobQueue, events: EventBus, service: ExtensionService): void {
  jobs.register<{ extensionId: string }>(EXTENSION_EXPIRY_JOB, async ({ extensionId }, { now }) => {
    await service.expire(extensionId, now);
  });
  events.subscribe('rental.cancelled', 'extensions', async (e, { now }) => {
    await service.endWithRental(e.rentalId, e.by === 'renter' ? 'withdrawn' : 'declined', now);
  });
  events.subscribe('rental.returned', 'extensions', async (e, { now }) => {
    await service.endWithRental(e.rentalId, 'declined', now);
  });
}

import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { EXTENSION_EXPIRY_JOB, type ExtensionService } from './extension-service.ts';

/** Enqueued with each pending extension, to run when its hold ends: closes it if nobody answered. */
export function registerExtensionExpiryJob(jobs: JobQueue, service: ExtensionService): void {
  jobs.register<{ extensionId: string }>(EXTENSION_EXPIRY_JOB, async ({ extensionId }, { now }) => {
    await service.expire(extensionId, now);
  });
}

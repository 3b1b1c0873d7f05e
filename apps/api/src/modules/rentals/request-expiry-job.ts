import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { REQUEST_EXPIRY_JOB } from '../checkout/request-lines.ts';
import type { RequestService } from './request-service.ts';

/** Enqueued with each request at checkout, to run when its hold ends: closes it if nobody answered. */
export function registerRequestExpiryJob(jobs: JobQueue, service: RequestService): void {
  jobs.register<{ rentalId: string }>(REQUEST_EXPIRY_JOB, async ({ rentalId }, { now }) => {
    await service.expire(rentalId, now);
  });
}

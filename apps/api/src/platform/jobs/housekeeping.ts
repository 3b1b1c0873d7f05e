import type { Db } from '../../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import { deleteExpiredVerificationsAndSessions } from './housekeeping-repository.ts';
import { deleteFinishedJobs } from './job-repository.ts';
import { deleteEndedWindows } from '../rate-limit/rate-limit-repository.ts';
import { trimGeocodeCache } from '../geocoding/geocode-cache.ts';
import { deleteOldSignInFailures } from '../../modules/auth/sign-in-failure-repository.ts';
import { deleteSimulatedAuthenticationsBefore } from '../payments/simulated-authentications-repository.ts';

/** Finished jobs are kept this long (their keys keep one-off notices from repeating meanwhile). */
const KEEP_FINISHED_JOBS_DAYS = 90;

/** Daily clean-up: expired email-link verifications and sessions, ended rate-limit windows, old geocoder answers, the card simulator's week-old 3-D Secure checks, long-finished jobs. */
export function registerHousekeeping(jobs: JobQueue, db: Db): void {
  jobs.daily('housekeeping.expired-verifications', '03:15', async (_payload, { now }) => {
    await deleteExpiredVerificationsAndSessions(db, now);
  });
  jobs.daily('housekeeping.shared-limits', '03:20', async (_payload, { now }) => {
    await deleteEndedWindows(db, now);
    await trimGeocodeCache(db, now);
    await deleteOldSignInFailures(db, new Date(now.getTime() - 86_400_000));
    await deleteSimulatedAuthenticationsBefore(db, new Date(now.getTime() - 7 * 86_400_000));
  });
  jobs.daily('housekeeping.finished-jobs', '03:30', async (_payload, { now }) => {
    const cutoff = new Date(now.getTime() - KEEP_FINISHED_JOBS_DAYS * 86_400_000);
    await deleteFinishedJobs(db, cutoff);
  });
}

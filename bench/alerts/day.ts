import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/database.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { createNotificationRepository } from '../../apps/api/src/modules/notifications/notification-repository.ts';
import { createNotifier } from '../../apps/api/src/modules/notifications/notifier.ts';
import { createInstantAlertsRepository } from '../../apps/api/src/modules/saved-searches/instant-alerts-repository.ts';
import type { createSavedSearchesRepository } from '../../apps/api/src/modules/saved-searches/saved-searches-repository.ts';
import {
  alertEmailRenderer,
  DIGEST_JOB,
  enqueueMatch,
  registerSearchAlerts,
} from '../../apps/api/src/modules/saved-searches/search-alerts.ts';
import { createJobQueue } from '../../apps/api/src/platform/jobs/job-queue.ts';
import { phaseSeconds, timed, type Phases } from './phases.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The whole day through the job queue and the notifier. The match and digest jobs run in one
 * queue; the notifier's email jobs are enqueued in the same table but run by a second queue (the
 * notifier's), timed on their own: the matching and the digest are this bench's targets, sending
 * is the mailer's throughput. The listings come through yesterday's 24 hours, one every 86.4 s of
 * the queue's clock (the hourly cap on instant alerts counts by that clock), and are matched as fast
 * as the queue can go; then the first `emailsSent` alert emails are sent.
 */
export async function runTheDay(
  db: Db,
  repo: ReturnType<typeof createSavedSearchesRepository>,
  items: ReadonlyArray<{ id: string }>,
  emailsSent: number,
) {
  let emails = 0;
  const dayStart = Date.now() - 2 * DAY_MS;
  let clock = new Date(dayStart);
  const jobs = createJobQueue({ db, now: () => clock });
  const mailJobs = createJobQueue({ db, now: () => new Date() });
  const phases: Phases = {};
  const notificationRepo = timed(createNotificationRepository(db), phases, 'notifications');
  const notifier = createNotifier({
    db,
    repo: notificationRepo,
    jobs: timed(mailJobs, phases, 'emailJobs', ['enqueueMany']),
    mailer: { send: async () => void emails++ },
    sms: { send: async () => {} },
    appUrl: 'http://localhost:3000',
    now: () => new Date(),
    emails: { 'search.alert': alertEmailRenderer(db, repo, 'http://localhost:3000') },
  });
  registerSearchAlerts({
    db,
    jobs,
    repo: timed(repo, phases, 'savedSearches'),
    caps: timed(createInstantAlertsRepository(db), phases, 'instantAlerts'),
    notifyMany: timed(notifier, phases, 'notifier', ['notifyMany']).notifyMany,
  });
  const dayStarted = performance.now();
  for (const [n, { id }] of items.entries()) {
    clock = new Date(dayStart + (n * DAY_MS) / items.length);
    await enqueueMatch(jobs, db, id, clock);
    const ran = performance.now();
    await jobs.runDue(1_000_000);
    const phase = (phases['queue.runDue'] ??= { calls: 0, ms: 0 });
    phase.calls++;
    phase.ms += performance.now() - ran;
  }
  const matchPhases = phaseSeconds(phases);
  clock = new Date(dayStart + DAY_MS);
  const matchedSeconds = (performance.now() - dayStarted) / 1000;
  const [held] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from saved_search_hits h join saved_searches s on s.id = h.search_id
         where s.frequency = 'instant' and h.sent_at is null`,
  );
  const digestStarted = performance.now();
  await jobs.enqueue(DIGEST_JOB, { date: 'bench' }, { key: `${DIGEST_JOB}@bench` });
  await jobs.runDue(1_000_000);
  const digestSeconds = (performance.now() - digestStarted) / 1000;
  const daySeconds = (performance.now() - dayStarted) / 1000;
  const [counts] = await queryRows<{ hits: number; notices: number; digests: number; emailJobs: number }>(
    db,
    sql`select (select count(*)::int from saved_search_hits) as hits,
               (select count(*)::int from notifications where kind = 'search.alert') as notices,
               (select count(*)::int from notifications where kind = 'search.alert' and event_key like 'search-digest:%') as digests,
               (select count(*)::int from jobs where name = 'notifications.email' and status = 'queued') as "emailJobs"`,
  );
  const sendStarted = performance.now();
  const sent = await mailJobs.runDue(emailsSent);
  const emailsPerSecond = Math.round((sent / ((performance.now() - sendStarted) / 1000)) * 100) / 100;
  return { emails, matchedSeconds, digestSeconds, daySeconds, held: held!.n, counts: counts!, sent, emailsPerSecond, matchPhases };
}

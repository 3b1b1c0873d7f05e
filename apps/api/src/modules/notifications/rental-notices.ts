import { addDays, compareDates, formatDate, londonTimeToInstant, todayInLondon } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Notifier } from './notifier.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { forOwner, forRenter } from './notice-audience.ts';

/** London wall-clock time of the morning run: reminders for tomorrow's returns, notices for yesterday's. */
export const NOTICE_TIME = '08:00';
const REMINDER_JOB = 'notifications.return-reminder';
const OVERDUE_JOB = 'notifications.overdue';

/**
 * Return reminders (the morning before the end date) and overdue notices (the morning after it, to
 * both people) as keyed jobs: a key is enqueued once ever, so each notice is sent once whichever
 * process, restart or path (booking or the morning run) enqueues it.
 */
export function registerRentalNotices(jobs: JobQueue, events: EventBus, db: Db, repo: NotificationRepository, notifier: Notifier): void {
  const reminderKey = (rentalId: string) => `${REMINDER_JOB}:${rentalId}`;
  const overdueKey = (rentalId: string) => `${OVERDUE_JOB}:${rentalId}`;

  jobs.register<{ rentalId: string }>(REMINDER_JOB, async ({ rentalId }, { now }) => {
    const r = await repo.rental(db, rentalId);
    // Not for a rental already over, cancelled, returned, or ending today (too late for 'tomorrow').
    if (!r || r.cancelled || r.returned || compareDates(todayInLondon(now), r.endDate) >= 0) return;
    await notifier.send({
      ...forRenter(r),
      kind: 'rental.return_reminder',
      eventKey: `rental.return_reminder:${r.id}`,
      title: `Return reminder: ${r.itemName}`,
      body: `Your rental of ${r.itemName} from ${r.ownerName} ends on ${formatDate(r.endDate)}. Please return it by then.`,
      link: `/rentals/${r.id}`,
    });
  });

  jobs.register<{ rentalId: string }>(OVERDUE_JOB, async ({ rentalId }, { now }) => {
    const r = await repo.rental(db, rentalId);
    if (!r || r.cancelled || r.returned || compareDates(todayInLondon(now), r.endDate) <= 0) return;
    const base = { kind: 'rental.overdue' as const, eventKey: `rental.overdue:${r.id}`, link: `/rentals/${r.id}` };
    await notifier.send({
      ...forRenter(r),
      ...base,
      title: `Overdue: ${r.itemName}`,
      body: `Your rental of ${r.itemName} ended on ${formatDate(r.endDate)} and has not been marked returned. Please return it to ${r.ownerName} as soon as possible.`,
    });
    await notifier.send({
      ...forOwner(r),
      ...base,
      title: `Overdue: ${r.itemName}`,
      body: `${r.renterName}'s rental of your ${r.itemName} ended on ${formatDate(r.endDate)} and it has not been marked returned. If you have it back, mark it returned.`,
    });
  });

  /** Enqueues both notices of a rental at their London times (a time already past runs at once). */
  async function schedule(rentalId: string, endDate: string): Promise<void> {
    await jobs.enqueue(
      REMINDER_JOB,
      { rentalId },
      { key: reminderKey(rentalId), runAt: londonTimeToInstant(addDays(endDate, -1), NOTICE_TIME) },
    );
    await jobs.enqueue(
      OVERDUE_JOB,
      { rentalId },
      { key: overdueKey(rentalId), runAt: londonTimeToInstant(addDays(endDate, 1), NOTICE_TIME) },
    );
  }

  // A booking schedules its notices at once, so one booked after this morning's run is not missed.
  events.subscribe('rental.booked', 'rental-notices', async (e) => {
    const r = await repo.rental(db, e.rentalId);
    if (r) await schedule(r.id, r.endDate);
  });

  // The morning run covers rentals that did not come through a booking event (older or imported ones).
  jobs.daily<{ date: string }>('notifications.morning-notices', NOTICE_TIME, async ({ date }) => {
    for (const r of await repo.rentalsEndingOn(addDays(date, 1)))
      await jobs.enqueue(REMINDER_JOB, { rentalId: r.id }, { key: reminderKey(r.id) });
    for (const r of await repo.rentalsEndingOn(addDays(date, -1)))
      await jobs.enqueue(OVERDUE_JOB, { rentalId: r.id }, { key: overdueKey(r.id) });
  });
}

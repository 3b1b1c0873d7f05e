import { compareDates, londonTimeToInstant, todayInLondon, type HandoverSide } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { createHandoverReminderRepository } from './handover-reminder-repository.ts';
import type { NotificationRepository, RentalContext } from './notification-repository.ts';
import type { Notifier } from './notifier.ts';
import { forOwner, forRenter } from './notice-audience.ts';
import { NOTICE_TIME } from './rental-notices.ts';

const JOB: Record<HandoverSide, string> = { pickup: 'notifications.handover-pickup', return: 'notifications.handover-return' };
export const handoverReminderKey = (side: HandoverSide, rentalId: string) => `${JOB[side]}:${rentalId}`;

/**
 * Handover photo reminders: on the start day (08:00 London) the owner is asked to take pick-up
 * photos, on the end day the renter return photos. In-app, and by email when the member's 'return
 * reminders' and email preferences allow. Each is a keyed job and a keyed notice, so it goes once per
 * rental and side whichever path (the booking or the morning run) enqueues it.
 */
export function registerHandoverReminders(
  jobs: JobQueue,
  events: EventBus,
  db: Db,
  repo: NotificationRepository,
  notifier: Notifier,
): void {
  const reminders = createHandoverReminderRepository(db);

  const dayOf = (side: HandoverSide, r: Pick<RentalContext, 'startDate' | 'endDate'>) => (side === 'pickup' ? r.startDate : r.endDate);

  for (const side of ['pickup', 'return'] as const) {
    jobs.register<{ rentalId: string }>(JOB[side], async ({ rentalId }, { now }) => {
      const r = await repo.rental(db, rentalId);
      // Only on its day: not for a rental cancelled, already back, or whose day has passed (booked late).
      if (!r || r.cancelled || r.returned || compareDates(todayInLondon(now), dayOf(side, r)) !== 0) return;
      // Already photographed: nothing to remind.
      if ((await reminders.photoCount(r.id, side)) > 0) return;
      const link = `/rentals/${r.id}`;
      if (side === 'pickup') {
        await notifier.send({
          ...forOwner(r),
          kind: 'rental.pickup_photos',
          eventKey: `rental.pickup_photos:${r.id}`,
          title: `Take pick-up photos of ${r.itemName}`,
          body: `${r.renterName} picks up your ${r.itemName} today. Take a few photos of it as you hand it over, on the rental page: they are time-stamped and only the two of you can see them.`,
          link,
        });
      } else {
        await notifier.send({
          ...forRenter(r),
          kind: 'rental.return_photos',
          eventKey: `rental.return_photos:${r.id}`,
          title: `Take return photos of ${r.itemName}`,
          body: `Your rental of ${r.itemName} from ${r.ownerName} ends today. Take a few photos of it as you hand it back, on the rental page: they are time-stamped and only the two of you can see them.`,
          link,
        });
      }
    });
  }

  async function schedule(r: Pick<RentalContext, 'id' | 'startDate' | 'endDate'>): Promise<void> {
    for (const side of ['pickup', 'return'] as const) {
      await jobs.enqueue(
        JOB[side],
        { rentalId: r.id },
        { key: handoverReminderKey(side, r.id), runAt: londonTimeToInstant(dayOf(side, r), NOTICE_TIME) },
      );
    }
  }

  // A booking schedules both at once, so one booked after this morning's run is not missed.
  events.subscribe('rental.booked', 'handover-reminders', async (e) => {
    const r = await repo.rental(db, e.rentalId);
    if (r) await schedule(r);
  });

  // The morning run covers rentals that did not come through a booking event (older or imported ones).
  jobs.daily<{ date: string }>('notifications.handover-reminders', NOTICE_TIME, async ({ date }) => {
    for (const side of ['pickup', 'return'] as const) {
      for (const r of await reminders.rentalsOn(side, date))
        await jobs.enqueue(JOB[side], { rentalId: r.id }, { key: handoverReminderKey(side, r.id) });
    }
  });
}

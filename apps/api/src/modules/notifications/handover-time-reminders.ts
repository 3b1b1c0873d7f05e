import { clockTime, formatDate, handoverInstant, type HandoverTimeSide, type RentalRole } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { createHandoverTimeReminderRepository } from './handover-time-reminder-repository.ts';
import type { NotificationRepository, RentalContext } from './notification-repository.ts';
import type { Notifier } from './notifier.ts';
import { forOwner, forRenter } from './notice-audience.ts';

export const HANDOVER_TIME_JOB = 'notifications.handover-time';
/** How long before a handover time both parties are reminded of it. */
export const HANDOVER_REMINDER_LEAD_MS = 2 * 3_600_000;

interface Payload {
  rentalId: string;
  side: HandoverTimeSide;
  /** The time it was scheduled for: a job for a time since changed finds another and does nothing. */
  minutes: number;
}

export const handoverTimeReminderKey = (p: Payload) => `${HANDOVER_TIME_JOB}:${p.rentalId}:${p.side}:${p.minutes}`;

const dateOf = (r: RentalContext, side: HandoverTimeSide) => (side === 'pickup' ? r.startDate : r.endDate);

function wording(r: RentalContext, side: HandoverTimeSide, role: RentalRole, time: string) {
  const day = formatDate(dateOf(r, side));
  if (side === 'pickup')
    return role === 'owner'
      ? { title: `Pick-up at ${time}: ${r.itemName}`, body: `${r.renterName} picks up your ${r.itemName} at ${time} today (${day}).` }
      : { title: `Pick-up at ${time}: ${r.itemName}`, body: `You pick up ${r.itemName} from ${r.ownerName} at ${time} today (${day}).` };
  return role === 'owner'
    ? { title: `Return at ${time}: ${r.itemName}`, body: `${r.renterName} brings back your ${r.itemName} at ${time} today (${day}).` }
    : { title: `Return at ${time}: ${r.itemName}`, body: `You bring ${r.itemName} back to ${r.ownerName} at ${time} today (${day}).` };
}

/**
 * Handover time reminders (decision 038): two hours before the chosen pick-up and return times, both
 * parties are told, in-app and as their 'return reminders' preferences allow. One keyed job per rental,
 * side and time: a booking schedules both, an accepted new time schedules its own, and a job whose time
 * changed meanwhile does nothing. A proposed new time is told to the other party.
 */
export function registerHandoverTimeReminders(jobs: JobQueue, events: EventBus, db: Db, repo: NotificationRepository, notifier: Notifier) {
  const times = createHandoverTimeReminderRepository(db);

  jobs.register<Payload>(HANDOVER_TIME_JOB, async (p, { now }) => {
    const r = await repo.rental(db, p.rentalId);
    const chosen = await times.times(p.rentalId);
    if (!r || !chosen || r.cancelled || r.returned) return;
    if ((p.side === 'pickup' ? chosen.pickupMinutes : chosen.returnMinutes) !== p.minutes) return;
    // Booked or changed less than two hours ahead is still told; a time already past is not.
    if (handoverInstant(dateOf(r, p.side), p.minutes).getTime() <= now.getTime()) return;
    const time = clockTime(p.minutes);
    for (const [role, recipient] of [
      ['owner', forOwner(r)],
      ['renter', forRenter(r)],
    ] as const) {
      await notifier.send({
        ...recipient,
        kind: 'rental.handover_time',
        eventKey: handoverTimeReminderKey(p),
        ...wording(r, p.side, role, time),
        link: `/rentals/${r.id}`,
      });
    }
  });

  /** Enqueues the reminders of a rental's chosen times (each once per time). */
  async function schedule(rentalId: string): Promise<void> {
    const r = await repo.rental(db, rentalId);
    const chosen = await times.times(rentalId);
    if (!r || !chosen) return;
    for (const [side, minutes] of [
      ['pickup', chosen.pickupMinutes],
      ['return', chosen.returnMinutes],
    ] as const) {
      if (minutes === null) continue;
      const runAt = new Date(handoverInstant(dateOf(r, side), minutes).getTime() - HANDOVER_REMINDER_LEAD_MS);
      const payload = { rentalId, side, minutes };
      await jobs.enqueue(HANDOVER_TIME_JOB, payload, { key: handoverTimeReminderKey(payload), runAt });
    }
  }

  /** Tells the other party of a new time proposed, with a link to accept it on the rental page. */
  async function proposed(rentalId: string, side: HandoverTimeSide, by: RentalRole, minutes: number, at: Date): Promise<void> {
    const r = await repo.rental(db, rentalId);
    if (!r) return;
    const what = side === 'pickup' ? 'pick-up' : 'return';
    await notifier.send({
      ...(by === 'owner' ? forRenter(r) : forOwner(r)),
      kind: 'rental.handover_time_proposed',
      eventKey: `rental.handover_time_proposed:${r.id}:${side}:${at.getTime()}`,
      title: `New ${what} time proposed: ${r.itemName}`,
      body: `${by === 'owner' ? r.ownerName : r.renterName} proposes ${clockTime(minutes)} on ${formatDate(dateOf(r, side))} for the ${what} of ${r.itemName}. Accept it on the rental page, or propose another.`,
      link: `/rentals/${r.id}`,
    });
  }

  events.subscribe('rental.booked', 'handover-time-reminders', async (e) => schedule(e.rentalId));
  // An accepted request is booked then: its times are reminded like an instant booking's.
  events.subscribe('rental.request_accepted', 'handover-time-reminders', async (e) => schedule(e.rentalId));
  return { schedule, proposed };
}

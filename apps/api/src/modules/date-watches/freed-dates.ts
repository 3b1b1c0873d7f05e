import { dateSpan, itemDatesPath, todayInLondon } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { WheelbarrowCheck } from '../checkout/wheelbarrow-check.ts';
import type { Notice } from '../notifications/notifier.ts';
import type { DateWatchesRepository, WatchRow } from './date-watches-repository.ts';

const SUBSCRIBER = 'date-watches';

/** The notice of one watch whose dates are all free: it opens the item's popup on those dates. */
export function freedNotice(watch: WatchRow): Notice {
  const span = dateSpan(watch.startDate, watch.endDate);
  return {
    userId: watch.userId,
    kind: 'date_watch.freed',
    title: `Dates free: ${watch.itemName}`,
    body: `${watch.itemName} is free on ${span}, the dates you were waiting for. Book them before someone else does.`,
    link: itemDatesPath(watch.itemId, watch.startDate, watch.endDate),
    tab: 'rentals',
    groupKey: `item:${watch.itemId}`,
    itemId: watch.itemId,
    eventKey: `date_watch.freed:${watch.id}`,
  };
}

/**
 * Whatever frees an item's days (a rental cancelled or returned, a request declined, withdrawn or
 * expired, a held extension that ends, days an owner's calendar no longer blocks) is a domain event
 * published in its transaction; each reaches this subscriber after the commit, through the job queue.
 * It finds the item's waiting watches that share a day with what was freed and tells each member
 * whose whole range is free now, as the wheelbarrow check judges it (the rules of checkout), once.
 */
export function subscribeFreedDates(deps: {
  db: Db;
  repo: DateWatchesRepository;
  events: EventBus;
  check: WheelbarrowCheck;
  notify: (tx: Executor, notice: Notice) => Promise<unknown>;
  now: () => Date;
}) {
  const { db, repo, events, check, notify, now } = deps;

  async function freed(itemId: string, from: string, to: string): Promise<void> {
    const at = now();
    const watches = await repo.waitingOn(itemId, from, to, todayInLondon(at));
    for (const watch of watches) {
      const [line] = (await check([{ itemId, startDate: watch.startDate, endDate: watch.endDate }], watch.userId)).lines;
      if (line?.state !== 'ok') continue;
      await db.transaction(async (tx) => {
        if (await repo.markNotified(tx, watch.id, at)) await notify(tx, freedNotice(watch));
      });
    }
  }

  const fromRental = async (rentalId: string, endDate?: string) => {
    const span = await repo.rentalSpan(rentalId, endDate);
    if (span) await freed(span.itemId, span.from, span.to);
  };

  events.subscribe('rental.cancelled', SUBSCRIBER, (e) => fromRental(e.rentalId));
  events.subscribe('rental.returned', SUBSCRIBER, (e) => fromRental(e.rentalId));
  events.subscribe('rental.extension_declined', SUBSCRIBER, (e) => fromRental(e.rentalId, e.endDate));
  events.subscribe('rental.extension_withdrawn', SUBSCRIBER, (e) => fromRental(e.rentalId, e.endDate));
  events.subscribe('rental.extension_expired', SUBSCRIBER, (e) => fromRental(e.rentalId, e.endDate));
  events.subscribe('rental.extension_reversed', SUBSCRIBER, async (e) => {
    if (e.daysFreed) await fromRental(e.rentalId, e.toEndDate);
  });
  events.subscribe('calendar.days_unblocked', SUBSCRIBER, (e) => freed(e.itemId, e.startDate, e.endDate));

  return { freed };
}

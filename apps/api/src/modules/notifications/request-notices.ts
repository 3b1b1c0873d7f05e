import { asSentence, formatDate, formatPence } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { Notifier } from './notifier.ts';
import type { NotificationRepository, RentalContext } from './notification-repository.ts';
import { forOwner, forRenter } from './notice-audience.ts';

const dates = (r: RentalContext) => `${formatDate(r.startDate)} to ${formatDate(r.endDate)}`;
const londonTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Request to book: the owner is told of each request (linking to the rental, where they accept or
 * decline) and the renter of an accepted one; extensions of request items likewise, and both sides
 * of one that expired (the owner alone of one the renter withdrew). Declined and expired requests are `rental.cancelled`
 * events, told to both sides by the cancellation notices.
 */
export function subscribeRequestNotices(events: EventBus, db: Db, repo: NotificationRepository, notifier: Notifier): void {
  const S = 'notifications';
  const rental = async (id: string) => {
    const found = await repo.rental(db, id);
    if (!found) throw new Error(`rental ${id} not found`);
    return found;
  };

  events.subscribe('rental.requested', S, async (e) => {
    const r = await rental(e.rentalId);
    await notifier.send({
      ...forOwner(r),
      kind: 'rental.requested',
      eventKey: `rental.requested:${r.id}`,
      title: `Request to book: ${r.itemName}`,
      body: `${r.renterName} asks to rent your ${r.itemName} from ${dates(r)} (${formatPence(r.totalPence)}). Accept or decline by ${londonTime.format(new Date(e.expiresAt))}; after that the request expires.`,
      link: `/rentals/${r.id}`,
    });
  });

  events.subscribe('rental.extension_requested', S, async (e) => {
    const r = await rental(e.rentalId);
    await notifier.send({
      ...forOwner(r),
      kind: 'rental.extension_requested',
      eventKey: `rental.extension_requested:${r.id}:${e.endDate}`,
      title: `Extension asked: ${r.itemName}`,
      body: `${r.renterName} asks to keep your ${r.itemName} until ${formatDate(e.endDate)} (now ${formatDate(r.endDate)}).`,
      link: `/rentals/${r.id}`,
    });
  });

  events.subscribe('rental.extended', S, async (e) => {
    const r = await rental(e.rentalId);
    const base = { kind: 'rental.extended' as const, eventKey: `rental.extended:${r.id}:${e.endDate}`, link: `/rentals/${r.id}` };
    await notifier.send({
      ...forOwner(r),
      ...base,
      title: `Rental extended: ${r.itemName}`,
      body: `${r.renterName}'s rental of your ${r.itemName} now ends on ${formatDate(e.endDate)}.`,
    });
    await notifier.send({
      ...forRenter(r),
      ...base,
      title: `Rental extended: ${r.itemName}`,
      body: `Your rental of ${r.itemName} now ends on ${formatDate(e.endDate)}.`,
    });
  });

  events.subscribe('rental.extension_declined', S, async (e) => {
    const r = await rental(e.rentalId);
    const bySystem = e.by === 'system';
    if (bySystem)
      await notifier.send({
        ...forOwner(r),
        kind: 'rental.extended',
        eventKey: `rental.extension_declined:${r.id}:${e.endDate}`,
        title: `Extension cancelled: ${r.itemName}`,
        body: `Toolshed cancelled ${r.renterName}'s request to keep your ${r.itemName} until ${formatDate(e.endDate)}. Reason: ${asSentence(e.reason)} The rental still ends on ${formatDate(r.endDate)} and the days after are free again.`,
        link: `/rentals/${r.id}`,
      });
    await notifier.send({
      ...forRenter(r),
      kind: 'rental.extended',
      eventKey: `rental.extension_declined:${r.id}:${e.endDate}`,
      title: bySystem ? `Extension cancelled: ${r.itemName}` : `Extension declined: ${r.itemName}`,
      body: `${bySystem ? 'Toolshed cancelled your request to keep' : `${r.ownerName} declined keeping`} ${r.itemName} until ${formatDate(e.endDate)}. Reason: ${asSentence(e.reason)} Nothing was charged; the rental still ends on ${formatDate(r.endDate)}.`,
      link: `/rentals/${r.id}`,
    });
  });

  events.subscribe('rental.extension_withdrawn', S, async (e) => {
    const r = await rental(e.rentalId);
    await notifier.send({
      ...forOwner(r),
      kind: 'rental.extended',
      eventKey: `rental.extension_withdrawn:${r.id}:${e.endDate}`,
      title: `Extension withdrawn: ${r.itemName}`,
      body: `${r.renterName} no longer asks to keep your ${r.itemName} until ${formatDate(e.endDate)}; the rental still ends on ${formatDate(r.endDate)} and the days after are free again.`,
      link: `/rentals/${r.id}`,
    });
  });

  events.subscribe('rental.extension_expired', S, async (e) => {
    const r = await rental(e.rentalId);
    const base = { kind: 'rental.extended' as const, eventKey: `rental.extension_expired:${r.id}:${e.endDate}`, link: `/rentals/${r.id}` };
    await notifier.send({
      ...forOwner(r),
      ...base,
      title: `Extension expired: ${r.itemName}`,
      body: `${r.renterName}'s request to keep your ${r.itemName} until ${formatDate(e.endDate)} expired unanswered; the rental still ends on ${formatDate(r.endDate)} and the days after are free again.`,
    });
    await notifier.send({
      ...forRenter(r),
      ...base,
      title: `Extension expired: ${r.itemName}`,
      body: `${r.ownerName} did not answer in time, so your rental of ${r.itemName} still ends on ${formatDate(r.endDate)}, not ${formatDate(e.endDate)}. Nothing was charged.`,
    });
  });

  events.subscribe('rental.request_accepted', S, async (e) => {
    const r = await rental(e.rentalId);
    await notifier.send({
      ...forRenter(r),
      kind: 'rental.request_accepted',
      eventKey: `rental.request_accepted:${r.id}`,
      title: `Request accepted: ${r.itemName}`,
      body: `${r.ownerName} accepted your request for ${r.itemName} from ${dates(r)}. Your card has been charged and the rental is upcoming.`,
      link: `/rentals/${r.id}`,
    });
  });

  // A paid extension whose card could not be charged for good: reversed, and both sides told.
  events.subscribe('rental.extension_reversed', S, async (e) => {
    const r = await rental(e.rentalId);
    const base = { kind: 'extension.reversed' as const, eventKey: `rental.extension_reversed:${e.extensionId}`, link: `/rentals/${r.id}` };
    const ends = e.daysFreed
      ? `the rental ends on ${formatDate(r.endDate)} again`
      : `a later extension keeps it until ${formatDate(r.endDate)}`;
    await notifier.send({
      ...forRenter(r),
      ...base,
      title: `Extension cancelled: ${r.itemName}`,
      body: `We could not take the ${formatPence(e.amountPence)} for keeping ${r.itemName} until ${formatDate(e.toEndDate)}, so the extension was cancelled and nothing was charged: ${ends}. Please return it by then, or ask to extend again with another card.`,
    });
    await notifier.send({
      ...forOwner(r),
      ...base,
      title: `Extension cancelled: ${r.itemName}`,
      body: `The renter's card could not be charged for keeping your ${r.itemName} until ${formatDate(e.toEndDate)}, so the extension was cancelled and its earnings taken back: ${ends}.${e.daysFreed ? ' The days after are free again.' : ''}`,
    });
  });
}

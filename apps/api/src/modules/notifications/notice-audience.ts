import { formatDate } from '@toolshed/core';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { Db } from '../../db/database.ts';
import type { Notifier } from './notifier.ts';
import type { NotificationRepository, RentalContext } from './notification-repository.ts';

export const itemGroup = (itemId: string) => `item:${itemId}`;
export const rentalGroup = (rentalId: string) => `rental:${rentalId}`;

/** '30 Oct 2026 to 1 Nov 2026': a rental's dates as its notices name them. */
export const dates = (r: RentalContext) => `${formatDate(r.startDate)} to ${formatDate(r.endDate)}`;

/** The owner's notices group under the item (My Items); the renter's under the rental (My Rentals). */
export const forOwner = (r: RentalContext) => ({
  userId: r.ownerId,
  tab: 'items' as const,
  groupKey: itemGroup(r.itemId),
  itemId: r.itemId,
  rentalId: r.id,
});
export const forRenter = (r: RentalContext) => ({
  userId: r.renterId,
  tab: 'rentals' as const,
  groupKey: rentalGroup(r.id),
  itemId: r.itemId,
  rentalId: r.id,
});

/** What each group of subscribers needs: the bus, the database and its reads, the notifier, and the rental loader. */
export interface Subscribers {
  events: EventBus;
  db: Db;
  repo: NotificationRepository;
  notifier: Notifier;
  rental: (id: string) => Promise<RentalContext>;
}

import { activeVacation, withBuffers } from '@toolshed/core';
import type { ItemDetail, ItemImage } from '@toolshed/core/contract';
import type { CatalogueRepository } from './catalogue-repository.ts';

/** An item as the database has it, with its photos, booked days and owner. */
export type ItemRow = NonNullable<Awaited<ReturnType<CatalogueRepository['findItem']>>>;

/**
 * The item's page as its owner sees it (the street address and the geocoded point; others get the
 * public location instead): its photos with their links and words, its booked days with the owner's
 * buffer around them and the days the owner's other calendars block, and whether the owner is away.
 */
export function itemDetailOf(
  row: ItemRow,
  image: (alt: string, largeKey: string, thumbKey: string) => ItemImage,
  today: string,
): ItemDetail {
  const { images } = row;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    dailyRatePence: row.dailyRatePence,
    depositPence: row.depositPence,
    minDays: row.minDays,
    maxDays: row.maxDays,
    weeklyRatePence: row.weeklyRatePence,
    bookingMode: row.bookingMode,
    bufferDays: row.bufferDays,
    cancellationPolicy: row.cancellationPolicy,
    requirements: { requireVerifiedPhone: row.requireVerifiedPhone, minCompletedRentals: row.minCompletedRentals },
    available: row.available,
    location: {
      address: row.address,
      city: row.city,
      postcode: row.postcode,
      latitude: row.latitude,
      longitude: row.longitude,
      approximate: row.locationApproximate,
    },
    owner: row.owner,
    images: images.map((img, i) => image(`${row.name} – photo ${i + 1} of ${images.length}`, img.largeKey, img.thumbKey)),
    // Days blocked by the owner's other calendars show like booked ones (calendar sync): no buffer of their own.
    bookedRanges: [...withBuffers(row.bookedRanges, row.bufferDays), ...row.blockedRanges].sort((a, b) =>
      a.startDate.localeCompare(b.startDate),
    ),
    ownerAwayUntil: activeVacation(row.ownerVacationUntil, today),
  };
}

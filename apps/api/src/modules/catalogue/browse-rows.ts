import { publicCoordinates, roundedMiles } from '@toolshed/core';
import type { ItemImage, ItemsPage, MapPoints } from '@toolshed/core/contract';
import type { ItemSummary, MapPoint } from './catalogue-rows.ts';

/** Metres as the answers give them: in miles, rounded here and only here (the metres never leave the service, decision 022). */
const milesOf = (metres: number | null) => (metres === null ? null : roundedMiles(metres));

/** A browse's card: the item, its first photo, its owner and, around a place, how far. */
export function toCard(
  r: ItemSummary,
  aroundPlace: boolean,
  image: (alt: string, largeKey: string, thumbKey: string) => ItemImage,
): ItemsPage['items'][number] {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    categoryId: r.categoryId,
    dailyRatePence: r.dailyRatePence,
    minDays: r.minDays,
    maxDays: r.maxDays,
    city: r.city,
    owner: r.owner,
    image: r.image ? image(r.name, r.image.largeKey, r.image.thumbKey) : null,
    ...(aroundPlace ? { distanceMiles: milesOf(r.distanceMetres) } : {}),
  };
}

/** A browse's point on the map: its public point (never the street's), and around a place how far. */
export function toMapPoint(r: MapPoint, aroundPlace: boolean): MapPoints['points'][number] {
  return {
    id: r.id,
    name: r.name,
    dailyRatePence: r.dailyRatePence,
    ...(publicCoordinates({ latitude: r.publicLatitude, longitude: r.publicLongitude }) as { latitude: number; longitude: number }),
    ...(aroundPlace ? { distanceMiles: milesOf(r.distanceMetres) } : {}),
  };
}

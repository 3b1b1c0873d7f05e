import { lazy, Suspense } from 'react';
import { APPROXIMATE_RADIUS_METRES, distanceLabel } from '@toolshed/core';
import type { ItemLocation as Location } from '@toolshed/core/contract';

// Leaflet is heavy and only needed once a popup is open, so it loads in its own chunk.
const LocationMap = lazy(() => import('./location-map.tsx'));

function present(value: string | null): value is string {
  return value != null && value.trim() !== '';
}

/** The spec's wording when parts of an address are unknown. */
export function locationLines(location: Location): string[] {
  const { address, city, postcode } = location;
  if (!present(address) && !present(city) && !present(postcode)) return ['Location not available'];
  // Before booking the API withholds the street (address null): the town and postcode district only.
  if (address === null && location.approximate)
    return [present(city) ? city : 'City not available', present(postcode) ? postcode : 'Postcode not available'];
  return [
    present(address) ? address : 'Address not available',
    present(city) ? city : 'City not available',
    present(postcode) ? postcode : 'Postcode not available',
  ];
}

/** Null coordinates, and 0/0 (a placeholder some old records carry), cannot be shown on a map. */
export function mapPosition(location: Location): [number, number] | null {
  const { latitude, longitude } = location;
  if (latitude == null || longitude == null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (latitude === 0 && longitude === 0) return null;
  return [latitude, longitude];
}

export function ItemLocation({
  location,
  itemName,
  distanceMiles,
}: {
  location: Location;
  itemName: string;
  distanceMiles?: number | null | undefined;
}) {
  const position = mapPosition(location);
  return (
    <div className="flex flex-col gap-2">
      {typeof distanceMiles === 'number' && <p className="font-medium text-slate-900">{distanceLabel(distanceMiles)}</p>}
      <address className="not-italic text-slate-800">
        {locationLines(location).map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
        {location.approximate && <span className="block text-sm text-slate-700">(approximate location)</span>}
        {location.address === null && location.approximate && (
          <span className="block text-sm text-slate-700">The full address is shared with the renter once booked.</span>
        )}
      </address>
      {position ? (
        <Suspense fallback={<MapPlaceholder text="Loading map..." />}>
          <LocationMap
            position={position}
            label={`Map showing where ${itemName} is`}
            {...(location.approximate ? { radiusMetres: APPROXIMATE_RADIUS_METRES } : {})}
          />
        </Suspense>
      ) : (
        <MapPlaceholder text="Location coordinates not available" />
      )}
    </div>
  );
}

function MapPlaceholder({ text }: { text: string }) {
  return (
    <p className="flex h-48 items-center justify-center rounded-lg border border-dashed border-slate-400 bg-slate-50 text-sm text-slate-700">
      {text}
    </p>
  );
}

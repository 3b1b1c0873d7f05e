import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import { APPROXIMATE_RADIUS_METRES, distanceLabel } from '@toolshed/core';
import type { ItemLocation as Location } from '@toolshed/core/contract';

// Leaflet is heavy and only needed once a popup is open, so it loads in its own chunk.
const LocationMap = lazy(() => import('./location-map.tsx'));

/**
 * Whether the element has come within 200 px of the screen (at once where the browser cannot say).
 * On a phone the map is at the bottom of the popup: loading and drawing it waits until the renter
 * scrolls there, instead of taking the main thread while the popup opens.
 */
function useSeen(ref: { current: HTMLElement | null }): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, ref]);
  return seen;
}

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
  const placeholder = useRef<HTMLParagraphElement>(null);
  const seen = useSeen(placeholder);
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
      {position && !seen ? (
        <MapPlaceholder ref={placeholder} text="Loading map..." />
      ) : position ? (
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

function MapPlaceholder({ text, ref }: { text: string; ref?: Ref<HTMLParagraphElement> }) {
  return (
    <p
      ref={ref}
      className="flex h-48 items-center justify-center rounded-lg border border-dashed border-slate-400 bg-slate-50 text-sm text-slate-700"
    >
      {text}
    </p>
  );
}

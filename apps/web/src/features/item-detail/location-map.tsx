import { Circle, CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import './location-map.css';

import { MAP_ATTRIBUTION, MAP_TILE_URL } from '../../ui/map-tiles.ts';

export interface LocationMapProps {
  position: [number, number];
  /** Names the map region for screen readers. */
  label: string;
  /** An approximate location: a circle of this radius around the point instead of a marker. */
  radiusMetres?: number;
}

/**
 * A small map centred on the item. The marker is a vector circle, so the map needs no image
 * assets and still shows where the item is when tiles cannot be fetched. `isolate` keeps Leaflet's
 * high z-indexes inside the map, under the popup's sticky Close bar.
 */
export default function LocationMap({ position, label, radiusMetres }: LocationMapProps) {
  return (
    <section aria-label={label} className="item-location-map isolate h-56 overflow-hidden rounded-lg border border-slate-300">
      <MapContainer center={position} zoom={15} scrollWheelZoom={false} className="h-full w-full">
        <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />
        {radiusMetres ? (
          <Circle
            center={position}
            radius={radiusMetres}
            pathOptions={{ color: '#065f46', weight: 2, fillColor: '#10b981', fillOpacity: 0.25 }}
          />
        ) : (
          <CircleMarker
            center={position}
            radius={10}
            pathOptions={{ color: '#065f46', weight: 3, fillColor: '#10b981', fillOpacity: 0.7 }}
          />
        )}
      </MapContainer>
    </section>
  );
}

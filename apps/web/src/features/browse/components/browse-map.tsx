import { distanceLabel, distanceMetres, formatPence, METRES_PER_MILE, RADIUS_MILES_OPTIONS, type GeoPoint } from '@toolshed/core';
import type { MapPoint, NearAnswer } from '@toolshed/core/contract';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Circle, CircleMarker, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_ATTRIBUTION, MAP_TILE_URL } from '../../../ui/map-tiles.ts';
import { clusterPoints, radiusForArea } from '../map-clusters.ts';
import './browse-map.css';

export interface BrowseMapProps {
  points: MapPoint[];
  near: NearAnswer | undefined;
  /** Opens an item's popup over the map. */
  onOpen: (itemId: string) => void;
  /** "Search this area": the middle of the map and the radius that reaches its corners (none: any distance). */
  onSearchArea: (centre: GeoPoint, radiusMiles: number | undefined) => void;
}

/** The UK, for a map with nothing to show yet. */
const UK: { centre: [number, number]; zoom: number } = { centre: [54.3, -2.5], zoom: 5 };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** '£18' for whole pounds, '£8.50' otherwise: short enough for a marker. */
const shortPrice = (pence: number) => (pence % 100 === 0 ? `£${pence / 100}` : formatPence(pence));

function priceIcon(point: MapPoint): L.DivIcon {
  const said = [
    point.name,
    `${formatPence(point.dailyRatePence)} a day`,
    ...(typeof point.distanceMiles === 'number' ? [distanceLabel(point.distanceMiles)] : []),
  ].join(', ');
  return L.divIcon({
    className: 'browse-map-marker',
    html: `<span class="browse-map-price" aria-hidden="true">${escapeHtml(shortPrice(point.dailyRatePence))}</span><span class="sr-only">${escapeHtml(said)}</span>`,
    // A small square centred on the point; the price is drawn centred on it (browse-map.css).
    iconSize: [16, 16],
  });
}

function clusterIcon(count: number): L.DivIcon {
  return L.divIcon({
    className: 'browse-map-marker',
    html: `<span class="browse-map-cluster" aria-hidden="true">${count}</span><span class="sr-only">${count} items here: zoom in</span>`,
    iconSize: [16, 16],
  });
}

/** Enter or Space on a focused marker does what a click does (its element is a div with the role of a button). */
const onKey = (act: () => void) => (e: L.LeafletKeyboardEvent) => {
  const key = e.originalEvent.key;
  if (key === 'Enter' || key === ' ') {
    e.originalEvent.preventDefault();
    act();
  }
};

/** Markers, grouped into clusters by what is close on screen at the current zoom. */
function Markers({ points, onOpen }: { points: MapPoint[]; onOpen: (id: string) => void }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const clusters = useMemo(() => clusterPoints(points, (p) => map.project([p.latitude, p.longitude], zoom)), [points, map, zoom]);
  return (
    <>
      {clusters.map((cluster) =>
        cluster.members.length === 1 ? (
          <Marker
            key={cluster.members[0]!.id}
            position={[cluster.latitude, cluster.longitude]}
            icon={priceIcon(cluster.members[0]!)}
            eventHandlers={{ click: () => onOpen(cluster.members[0]!.id), keydown: onKey(() => onOpen(cluster.members[0]!.id)) }}
          />
        ) : (
          <Marker
            key={cluster.members.map((m) => m.id).join(',')}
            position={[cluster.latitude, cluster.longitude]}
            icon={clusterIcon(cluster.members.length)}
            eventHandlers={(() => {
              const zoomIn = () =>
                map.fitBounds(L.latLngBounds(cluster.members.map((m) => [m.latitude, m.longitude] as [number, number])), {
                  padding: [48, 48],
                  maxZoom: 18,
                });
              return { click: zoomIn, keydown: onKey(zoomIn) };
            })()}
          />
        ),
      )}
    </>
  );
}

/** Fits the map to what it shows whenever that changes, and tells the user's own moves from its own. */
function Framing({ points, near, onUserMove }: { points: MapPoint[]; near: NearAnswer | undefined; onUserMove: () => void }) {
  const map = useMap();
  const fitting = useRef(false);
  useMapEvents({
    dragend: onUserMove,
    zoomend: () => {
      if (!fitting.current) onUserMove();
    },
    moveend: () => {
      fitting.current = false;
    },
  });
  useEffect(() => {
    fitting.current = true;
    const corners: [number, number][] = points.map((p) => [p.latitude, p.longitude]);
    if (near) corners.push([near.latitude, near.longitude]);
    if (corners.length > 1) map.fitBounds(L.latLngBounds(corners), { padding: [40, 40], maxZoom: 15, animate: false });
    else if (corners.length === 1) map.setView(corners[0]!, 13, { animate: false });
    else map.setView(UK.centre, UK.zoom, { animate: false });
    // Leaflet fires no moveend when the view did not change: the next user move must still count.
    const settle = setTimeout(() => (fitting.current = false), 0);
    return () => clearTimeout(settle);
  }, [map, points, near]);
  return null;
}

/**
 * The map view of a browse: each matching item (its public point) as a marker with its price,
 * clustered where they are dense, opening the item's popup; the place and radius drawn; "Search
 * this area" once the map has been moved. Without tiles (offline, a blocked server) the markers
 * still work on a plain background and the map says so.
 */
export default function BrowseMap({ points, near, onOpen, onSearchArea }: BrowseMapProps) {
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [moved, setMoved] = useState(false);

  function searchArea() {
    if (!map) return;
    const centre = map.getCenter();
    const corner = map.getBounds().getNorthEast();
    const halfDiagonal =
      distanceMetres({ latitude: centre.lat, longitude: centre.lng }, { latitude: corner.lat, longitude: corner.lng }) / METRES_PER_MILE;
    setMoved(false);
    onSearchArea({ latitude: centre.lat, longitude: centre.lng }, radiusForArea(halfDiagonal, RADIUS_MILES_OPTIONS));
  }

  return (
    <section aria-label="Map of the matching items" className="browse-map relative isolate">
      <div className="h-[65vh] min-h-80 overflow-hidden rounded-xl border border-slate-300 md:h-[70vh]">
        <MapContainer
          ref={setMap}
          center={near ? [near.latitude, near.longitude] : UK.centre}
          zoom={near ? 12 : UK.zoom}
          className="h-full w-full"
        >
          <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} eventHandlers={{ tileerror: () => setTilesFailed(true) }} />
          {near && near.radiusMiles !== null && (
            <Circle
              center={[near.latitude, near.longitude]}
              radius={near.radiusMiles * METRES_PER_MILE}
              interactive={false}
              pathOptions={{ color: '#047857', weight: 2, dashArray: '6 6', fillOpacity: 0.04 }}
            />
          )}
          {near && (
            <CircleMarker
              center={[near.latitude, near.longitude]}
              radius={6}
              interactive={false}
              pathOptions={{ color: '#0f172a', weight: 2, fillColor: '#ffffff', fillOpacity: 1 }}
            />
          )}
          {/* Markers first: its zoom listener must be in place before Framing's first fit. */}
          <Markers points={points} onOpen={onOpen} />
          <Framing points={points} near={near} onUserMove={() => setMoved(true)} />
        </MapContainer>
      </div>
      {moved && (
        <button
          type="button"
          onClick={searchArea}
          className="absolute top-3 left-1/2 z-[1000] -translate-x-1/2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-emerald-900 shadow-md ring-1 ring-slate-300 hover:bg-emerald-50"
        >
          Search this area
        </button>
      )}
      {tilesFailed && (
        <p role="status" className="mt-2 text-sm text-slate-700">
          The map background could not be loaded. The items are still marked: choose one to open it.
        </p>
      )}
    </section>
  );
}

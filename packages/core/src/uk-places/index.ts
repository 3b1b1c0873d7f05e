import { distanceMetres, METRES_PER_MILE, type GeoPoint, type NearQuery } from '../near.ts';
import { POSTCODE_AREAS } from './postcode-areas.ts';
import { POSTCODE_DISTRICTS } from './postcode-districts.ts';
import { LARGEST_TOWNS } from './largest-towns.ts';

export { POSTCODE_AREAS } from './postcode-areas.ts';
export { POSTCODE_DISTRICTS } from './postcode-districts.ts';
export { LARGEST_TOWNS } from './largest-towns.ts';

/**
 * Places without a geocoding service: the offline geocoder's (API) and Mock Data's (browser). A
 * postcode is placed at its district's centre when the district table has it, else at its area's;
 * a town by name from the post towns of the areas, a few more towns, the 60 largest towns
 * (largest-towns.ts, whose centres' districts place postcodes too), and the neighbourhoods the
 * districts are known by. Precision: about a kilometre for a district, a few for an area or a town.
 */
export interface PlacedPoint extends GeoPoint {
  /** How the place is shown back: 'OX2', 'Oxford', 'Headingley'. */
  label: string;
}

/** What the location box can name, short of a point. */
export type PlaceQuery = Exclude<NearQuery, { kind: 'point' }>;

const MORE_TOWNS: Record<string, readonly [lat: number, lon: number]> = {
  London: [51.507, -0.128],
  Oxford: [51.752, -1.258],
  Salford: [53.483, -2.293],
  Gateshead: [54.952, -1.603],
  Hove: [50.832, -0.175],
  Winchester: [51.063, -1.308],
  Chichester: [50.836, -0.78],
  Wells: [51.209, -2.647],
  Aberystwyth: [52.415, -4.083],
  Bangor: [53.228, -4.129],
  Stirling: [56.117, -3.937],
  Derry: [54.997, -7.309],
  Lisburn: [54.512, -6.043],
};

/** Names people type for a town whose post town is written otherwise. */
const ALIASES: Record<string, string> = {
  newcastle: 'newcastle upon tyne',
  southend: 'southend-on-sea',
  stoke: 'stoke-on-trent',
  kingston: 'kingston upon thames',
  'saint albans': 'st albans',
  londonderry: 'derry',
  hemel: 'hemel hempstead',
  'brighton and hove': 'brighton',
};

/** Lower case, accents, apostrophes and full stops dropped, '&' as 'and', single spaces: "St. John's Wood" -> 'st johns wood'. */
export function placeKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.,()]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

let towns: Map<string, PlacedPoint> | undefined;

/** Built on first use, so a bundle that never places a town never builds it. */
function townTable(): Map<string, PlacedPoint> {
  if (towns) return towns;
  const table = new Map<string, PlacedPoint>();
  const add = (label: string, latitude: number, longitude: number) => {
    const key = placeKey(label);
    if (!table.has(key)) table.set(key, { latitude, longitude, label });
  };
  // 'London E' and the like are areas of London, not towns.
  for (const [name, lat, lon] of Object.values(POSTCODE_AREAS)) if (!/^London [A-Z]+$/.test(name)) add(name, lat, lon);
  for (const [name, [lat, lon]] of Object.entries(MORE_TOWNS)) add(name, lat, lon);
  for (const [name, lat, lon] of LARGEST_TOWNS) add(name, lat, lon);
  // Neighbourhoods, by the districts that serve them (the first district named for one wins).
  for (const [names, lat, lon] of Object.values(POSTCODE_DISTRICTS)) {
    for (const name of names.split(', ')) if (!/ (centre|north|south|east|west)$/.test(name)) add(name, lat, lon);
  }
  towns = table;
  return table;
}

/** A town or neighbourhood by name (any case, with or without punctuation), or undefined. */
export function findTown(name: string): PlacedPoint | undefined {
  const key = placeKey(name);
  const table = townTable();
  return table.get(key) ?? table.get(ALIASES[key] ?? '');
}

let townDistricts: Map<string, GeoPoint> | undefined;

/** The district of each large town's centre, at that centre (largest-towns.ts), for districts the table does not have. */
function townDistrict(code: string): GeoPoint | undefined {
  townDistricts ??= new Map(LARGEST_TOWNS.map(([, latitude, longitude, district]) => [district, { latitude, longitude }]));
  return townDistricts.get(code);
}

/**
 * The centre of a postcode district ('OX2'; a central London sub-district such as 'SW1A' as its
 * district 'SW1'), else of its area ('OX'); undefined for an unknown area. A district the table does
 * not have but a large town's centre is in ('RG1', 'NG1') is placed at that centre.
 */
export function districtCentre(district: string): GeoPoint | undefined {
  const code = district.toUpperCase();
  const parent = code.replace(/(\d)[A-Z]$/, '$1');
  const known = POSTCODE_DISTRICTS[code] ?? POSTCODE_DISTRICTS[parent];
  if (known) return { latitude: known[1], longitude: known[2] };
  const town = townDistrict(code) ?? townDistrict(parent);
  if (town) return town;
  const area = POSTCODE_AREAS[/^[A-Z]{1,2}/i.exec(district)?.[0]?.toUpperCase() ?? ''];
  return area ? { latitude: area[1], longitude: area[2] } : undefined;
}

/** Places the location box from the tables alone, or undefined when they do not know it. */
export function placeOffline(place: PlaceQuery): PlacedPoint | undefined {
  if (place.kind === 'place') return findTown(place.name);
  const district = place.kind === 'postcode' ? place.postcode.split(' ')[0]! : place.district;
  const centre = districtCentre(district);
  return centre && { ...centre, label: district };
}

/** How far a point may be from a known place and still be named after it. */
const NAMED_WITHIN_MILES = 10;

/**
 * How a point is named back: 'a point near Headingley' (the nearest town or neighbourhood the
 * tables know, within 10 miles), else 'the chosen point'. It may be where someone is ("Use my
 * location") or the middle of the map ("Search this area"), so it is called neither, and never by
 * its coordinates.
 */
export function pointLabel(point: GeoPoint): string {
  let best: { label: string; metres: number } | undefined;
  for (const place of townTable().values()) {
    const metres = distanceMetres(point, place);
    if (!best || metres < best.metres) best = { label: place.label, metres };
  }
  return best && best.metres <= NAMED_WITHIN_MILES * METRES_PER_MILE ? `a point near ${best.label}` : 'the chosen point';
}

import { POSTCODE_AREAS } from './postcode-areas.ts';

/**
 * Towns the offline geocoder can place from the location box: the post towns of the postcode areas
 * (postcode-areas.ts) and a few more, at the same precision (a few kilometres: a town's centre).
 */
const MORE_TOWNS: Record<string, readonly [lat: number, lon: number]> = {
  London: [51.507, -0.128],
  Oxford: [51.752, -1.258],
  Salford: [53.483, -2.293],
  Gateshead: [54.952, -1.603],
  Wolverhampton: [52.586, -2.128],
  Southampton: [50.904, -1.404],
  Aberystwyth: [52.415, -4.083],
  Bangor: [53.228, -4.129],
  Stirling: [56.117, -3.937],
  Derry: [54.997, -7.309],
  Lisburn: [54.512, -6.043],
  Winchester: [51.063, -1.308],
  Chichester: [50.836, -0.78],
  Bath: [51.381, -2.359],
  Wells: [51.209, -2.647],
};

/** Names people type for a town whose post town is written otherwise. */
const ALIASES: Record<string, string> = {
  newcastle: 'newcastle upon tyne',
  southend: 'southend-on-sea',
  stoke: 'stoke-on-trent',
  kingston: 'kingston upon thames',
  'saint albans': 'st albans',
  londonderry: 'derry',
  'hemel': 'hemel hempstead',
};

/** Lower case, '&' as 'and', apostrophes and full stops dropped, spaces single: 'St. Albans' -> 'st albans'. */
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

export interface Town {
  latitude: number;
  longitude: number;
  label: string;
}

const TOWNS = new Map<string, Town>();

/** Adds a place under its name (the first one added under a name is kept). */
export function addTown(name: string, latitude: number, longitude: number): void {
  const key = placeKey(name);
  if (!TOWNS.has(key)) TOWNS.set(key, { latitude, longitude, label: name });
}

for (const [name, lat, lon] of Object.values(POSTCODE_AREAS)) {
  // 'London E' and the like are areas of London, not towns.
  if (!/^London [A-Z]+$/.test(name)) addTown(name, lat, lon);
}
for (const [name, [lat, lon]] of Object.entries(MORE_TOWNS)) addTown(name, lat, lon);

/** The town of that name (any case, with or without punctuation), or undefined. */
export function findTown(name: string): Town | undefined {
  const key = placeKey(name);
  return TOWNS.get(key) ?? TOWNS.get(ALIASES[key] ?? '');
}

import type { SampleItem } from './types.ts';

type Location = Pick<SampleItem, 'address' | 'city' | 'postcode' | 'latitude' | 'longitude'>;
type Listing = Omit<SampleItem, keyof Location | 'ownerKey'>;

/**
 * Where each owner keeps their things: real streets with a postcode of that street's district and
 * coordinates on that street, so maps and distance searches look right.
 */
export const OWNER_HOMES: Record<string, Location> = {
  'amelia-hughes': { address: '27 Mill Road', city: 'Cambridge', postcode: 'CB1 2AD', latitude: 52.20031, longitude: 0.13524 },
  'oliver-bennett': { address: '148 Gloucester Road', city: 'Bristol', postcode: 'BS7 8NT', latitude: 51.47352, longitude: -2.59118 },
  'priya-shah': { address: '63 Alcester Road, Moseley', city: 'Birmingham', postcode: 'B13 8EH', latitude: 52.44631, longitude: -1.88772 },
  'tom-gallagher': { address: '112 Burton Road, West Didsbury', city: 'Manchester', postcode: 'M20 1LP', latitude: 53.42695, longitude: -2.23804 },
  'fiona-mackenzie': { address: '22 Morningside Road', city: 'Edinburgh', postcode: 'EH10 4DD', latitude: 55.92834, longitude: -3.20981 },
  'gareth-price': { address: '41 Albany Road, Roath', city: 'Cardiff', postcode: 'CF24 3RP', latitude: 51.49352, longitude: -3.16683 },
  'siobhan-oneill': { address: '186 Lisburn Road', city: 'Belfast', postcode: 'BT9 6AL', latitude: 54.58372, longitude: -5.94663 },
  'david-okafor': { address: '15 Lordship Lane, East Dulwich', city: 'London', postcode: 'SE22 8HU', latitude: 51.45452, longitude: -0.07521 },
  'hannah-whitfield': { address: '34 Bishopthorpe Road', city: 'York', postcode: 'YO23 1NA', latitude: 53.94822, longitude: -1.08318 },
  'jamal-hussain': { address: '7 Otley Road, Headingley', city: 'Leeds', postcode: 'LS6 3PX', latitude: 53.82103, longitude: -1.57702 },
  'rosie-clarke': { address: '90 Ditchling Road', city: 'Brighton', postcode: 'BN1 4SE', latitude: 50.83651, longitude: -0.13452 },
  'callum-fraser': { address: '58 Byres Road', city: 'Glasgow', postcode: 'G12 8TB', latitude: 55.87452, longitude: -4.29297 },
  'megan-lloyd': { address: '101 Unthank Road', city: 'Norwich', postcode: 'NR2 2PE', latitude: 52.62497, longitude: 1.28051 },
  'ben-ashworth': { address: '230 Abbeydale Road', city: 'Sheffield', postcode: 'S7 1FL', latitude: 53.36403, longitude: -1.48196 },
};

/** A listing kept at its owner's home. */
export function listedBy(ownerKey: string, listing: Listing): SampleItem {
  const home = OWNER_HOMES[ownerKey];
  if (!home) throw new Error(`No home for sample owner ${ownerKey}`);
  return { ...listing, ...home, ownerKey };
}

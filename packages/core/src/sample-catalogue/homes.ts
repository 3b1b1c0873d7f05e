import type { SampleItem } from './types.ts';

type Location = Pick<SampleItem, 'address' | 'city' | 'postcode' | 'latitude' | 'longitude'>;
type Listing = Omit<SampleItem, keyof Location | 'ownerKey'>;

const at = (address: string, city: string, postcode: string, latitude: number, longitude: number): Location => ({
  address,
  city,
  postcode,
  latitude,
  longitude,
});

/**
 * Where each owner's things are kept, around their town: their home first, then the other places
 * they keep things (a garage, an allotment shed, a parent's house, a workshop), in different
 * neighbourhoods, so a search of a few miles finds some and not others. Real streets, a postcode of
 * that street's district (the inward code is illustrative) and coordinates on that street, so maps
 * and distance searches look right.
 */
const OWNER_PLACES: Record<string, Location[]> = {
  'amelia-hughes': [
    at('27 Mill Road', 'Cambridge', 'CB1 2AD', 52.20031, 0.13524),
    at('14 High Street, Chesterton', 'Cambridge', 'CB4 1NG', 52.21762, 0.13718),
    at('52 Cherry Hinton Road', 'Cambridge', 'CB1 7AA', 52.18902, 0.14195),
    at('9 Grantchester Street, Newnham', 'Cambridge', 'CB3 9HY', 52.19851, 0.10748),
    at('31 Histon Road', 'Cambridge', 'CB4 3JB', 52.21853, 0.11203),
  ],
  'oliver-bennett': [
    at('148 Gloucester Road', 'Bristol', 'BS7 8NT', 51.47352, -2.59118),
    at('23 North Street, Bedminster', 'Bristol', 'BS3 1EN', 51.44251, -2.60752),
    at('61 Whiteladies Road, Clifton', 'Bristol', 'BS8 2LY', 51.46402, -2.61098),
    at('12 Church Road, Redfield', 'Bristol', 'BS5 9JA', 51.46103, -2.56004),
    at('88 Wells Road, Totterdown', 'Bristol', 'BS4 2AS', 51.44048, -2.57903),
  ],
  'priya-shah': [
    at('63 Alcester Road, Moseley', 'Birmingham', 'B13 8EH', 52.44631, -1.88772),
    at('15 High Street, Harborne', 'Birmingham', 'B17 9NT', 52.45953, -1.95297),
    at('40 York Road, Kings Heath', 'Birmingham', 'B14 7SA', 52.43402, -1.89301),
    at('7 Bournville Lane, Stirchley', 'Birmingham', 'B30 2JT', 52.42851, -1.92002),
    at('120 Stratford Road, Sparkhill', 'Birmingham', 'B11 1AJ', 52.46003, -1.87004),
  ],
  'tom-gallagher': [
    at('112 Burton Road, West Didsbury', 'Manchester', 'M20 1LP', 53.42695, -2.23804),
    at('45 Beech Road, Chorlton', 'Manchester', 'M21 9EL', 53.44102, -2.27798),
    at('18 Wilmslow Road, Rusholme', 'Manchester', 'M14 5TQ', 53.45603, -2.22502),
    at('9 Stockport Road, Levenshulme', 'Manchester', 'M19 3AB', 53.44401, -2.19203),
    at('66 Oldham Street', 'Manchester', 'M4 1LE', 53.48402, -2.23301),
  ],
  'fiona-mackenzie': [
    at('22 Morningside Road', 'Edinburgh', 'EH10 4DD', 55.92834, -3.20981),
    at('31 Raeburn Place, Stockbridge', 'Edinburgh', 'EH4 1HN', 55.95903, -3.21148),
    at('14 Great Junction Street, Leith', 'Edinburgh', 'EH6 5LA', 55.97202, -3.17701),
    at('57 Portobello High Street', 'Edinburgh', 'EH15 1DE', 55.95201, -3.11402),
    at('8 Gorgie Road', 'Edinburgh', 'EH11 2LA', 55.93802, -3.23304),
  ],
  'gareth-price': [
    at('41 Albany Road, Roath', 'Cardiff', 'CF24 3RP', 51.49352, -3.16683),
    at('19 Cowbridge Road East, Canton', 'Cardiff', 'CF11 9AD', 51.48203, -3.19602),
    at('6 Merthyr Road, Whitchurch', 'Cardiff', 'CF14 1DG', 51.51802, -3.21703),
    at('77 Cardiff Road, Llandaff', 'Cardiff', 'CF5 2AA', 51.49301, -3.21402),
    at('25 Clive Street, Grangetown', 'Cardiff', 'CF11 7JE', 51.46902, -3.18501),
  ],
  'siobhan-oneill': [
    at('186 Lisburn Road', 'Belfast', 'BT9 6AL', 54.58372, -5.94663),
    at('40 Ormeau Road', 'Belfast', 'BT7 1SH', 54.58603, -5.92202),
    at('210 Upper Newtownards Road', 'Belfast', 'BT4 3ET', 54.59752, -5.87703),
    at('12 Antrim Road', 'Belfast', 'BT15 2AA', 54.60851, -5.93552),
    at('95 Andersonstown Road', 'Belfast', 'BT11 9BY', 54.57702, -5.98702),
  ],
  'david-okafor': [
    at('15 Lordship Lane, East Dulwich', 'London', 'SE22 8HU', 51.45452, -0.07521),
    at('30 Rye Lane, Peckham', 'London', 'SE15 5BS', 51.47003, -0.06902),
    at('12 Half Moon Lane, Herne Hill', 'London', 'SE24 9HU', 51.45351, -0.09752),
    at('48 Brockley Road', 'London', 'SE4 2QY', 51.46402, -0.03603),
    at('9 Kirkdale, Sydenham', 'London', 'SE26 4NL', 51.43552, -0.05752),
  ],
  'hannah-whitfield': [
    at('34 Bishopthorpe Road', 'York', 'YO23 1NA', 53.94822, -1.08318),
    at('18 Front Street, Acomb', 'York', 'YO24 3BZ', 53.95302, -1.12703),
    at('51 Haxby Road', 'York', 'YO31 8JX', 53.97102, -1.08003),
    at('7 Main Street, Fulford', 'York', 'YO10 4HN', 53.94103, -1.07002),
    at('23 Clifton', 'York', 'YO30 6AE', 53.96802, -1.09403),
  ],
  'jamal-hussain': [
    at('7 Otley Road, Headingley', 'Leeds', 'LS6 3PX', 53.82103, -1.57702),
    at('22 Harrogate Road, Chapel Allerton', 'Leeds', 'LS7 4LA', 53.82902, -1.53903),
    at('15 Town Street, Armley', 'Leeds', 'LS12 3HN', 53.79852, -1.59203),
    at('40 Street Lane, Roundhay', 'Leeds', 'LS8 2ET', 53.83502, -1.51803),
  ],
  'rosie-clarke': [
    at('90 Ditchling Road', 'Brighton', 'BN1 4SE', 50.83651, -0.13452),
    at('28 George Street, Hove', 'Brighton', 'BN3 3YA', 50.82902, -0.17003),
    at("11 St George's Road, Kemptown", 'Brighton', 'BN2 1EB', 50.82003, -0.12102),
  ],
  'callum-fraser': [
    at('58 Byres Road', 'Glasgow', 'G12 8TB', 55.87452, -4.29297),
    at('120 Dumbarton Road, Partick', 'Glasgow', 'G11 6PH', 55.87103, -4.30702),
    at('33 Duke Street, Dennistoun', 'Glasgow', 'G31 1LE', 55.85852, -4.21503),
    at('14 Kilmarnock Road, Shawlands', 'Glasgow', 'G41 3NH', 55.82902, -4.28302),
    at('9 Maryhill Road', 'Glasgow', 'G20 7XA', 55.88003, -4.28002),
  ],
  'megan-lloyd': [
    at('101 Unthank Road', 'Norwich', 'NR2 2PE', 52.62497, 1.28051),
    at('24 Magdalen Street', 'Norwich', 'NR3 1HU', 52.63652, 1.29853),
    at('50 Plumstead Road', 'Norwich', 'NR1 4JS', 52.63551, 1.32302),
    at('12 Church Lane, Eaton', 'Norwich', 'NR4 6NW', 52.60803, 1.26202),
    at('8 Wroxham Road, Sprowston', 'Norwich', 'NR7 8TZ', 52.65402, 1.32003),
  ],
  'ben-ashworth': [
    at('230 Abbeydale Road', 'Sheffield', 'S7 1FL', 53.36403, -1.48196),
    at('45 Crookes Road', 'Sheffield', 'S10 5BA', 53.38103, -1.50502),
    at('16 South Road, Walkley', 'Sheffield', 'S6 3TA', 53.39302, -1.49603),
    at('70 Chesterfield Road, Heeley', 'Sheffield', 'S8 0SL', 53.35802, -1.47103),
  ],
};

/** Each owner's home: the first of their places. */
export const OWNER_HOMES: Record<string, Location> = Object.fromEntries(
  Object.entries(OWNER_PLACES).map(([key, places]) => [key, places[0]!]),
);

const listedSoFar = new Map<string, number>();

/** A listing kept at the next of its owner's places, in catalogue order (so the same on every start). */
export function listedBy(ownerKey: string, listing: Listing): SampleItem {
  const places = OWNER_PLACES[ownerKey];
  if (!places) throw new Error(`No places for sample owner ${ownerKey}`);
  const n = listedSoFar.get(ownerKey) ?? 0;
  listedSoFar.set(ownerKey, n + 1);
  return { ...listing, ...places[n % places.length]!, ownerKey };
}

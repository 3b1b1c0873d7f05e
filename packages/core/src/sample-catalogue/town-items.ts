import { CATEGORIES } from '../categories.ts';
import { LARGEST_TOWNS } from '../uk-places/largest-towns.ts';
import { SAMPLE_ITEMS } from './items.ts';
import { TOWN_PLACES } from './town-places.ts';
import type { SampleItem, SampleUser } from './types.ts';

/**
 * The sample catalogue's listings in the 60 largest towns (uk-places/largest-towns.ts): six in each,
 * at public places near the centre (town-places.ts), over all eleven categories, by two lenders per
 * town, so a newcomer who types their town or postcode finds things within a few miles. Generated
 * here from the hand-written listings (items.ts), the same on every start: each is a model one of
 * those listings is (its drawing, its name with a word of its own so no two listings are called the
 * same), with its own price and the place it is handed over. The seed lists them with the rest; Mock
 * Data, which ships to the browser, keeps the hand-written ones.
 */

export const TOWN_ITEMS_PER_TOWN = 6;
/** Lenders per town: the listings alternate between them. */
const LENDERS_PER_TOWN = 2;

const FIRST_NAMES = [
  'Aisha',
  'Owen',
  'Chloe',
  'Ravi',
  'Niamh',
  'Ethan',
  'Zara',
  'Lewis',
  'Holly',
  'Kwame',
  'Isla',
  'Connor',
  'Sana',
  'Rhys',
  'Erin',
  'Marcus',
  'Leah',
  'Tariq',
  'Freya',
  'Daniel',
  'Amara',
  'Jack',
  'Poppy',
  'Samir',
  'Grace',
  'Liam',
  'Nadia',
  'Euan',
  'Molly',
  'Yusuf',
  'Ruby',
] as const;
const SURNAMES = [
  'Patel',
  'Morgan',
  'Campbell',
  'Evans',
  'Murphy',
  'Khan',
  'Walker',
  'Reid',
  'Thompson',
  'Begum',
  'Davies',
  'Robertson',
  'Wright',
  'Ali',
  'Hughes',
  'Kelly',
  'Turner',
  'Chowdhury',
  'Stewart',
  'Edwards',
  'Mensah',
  'Baker',
  'Jenkins',
  'Nowak',
  'Harris',
  'Doyle',
  'Green',
  'Ahmed',
  'Bell',
] as const;
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXY';
/** A word for each listing of one model, in the order its copies come (at most seven: 33 slots a category over at least five models). */
const QUALITIES = ['Well-Kept', 'Nearly New', 'Trusty', 'Spare', 'Little-Used', 'Reliable', 'Handy'] as const;

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

const lenderKey = (town: string, n: number) => `town-${slug(town)}-lender-${n + 1}`;

/** Two lenders in each town, named from the lists above (no two alike) and joined on different days. */
export const SAMPLE_TOWN_USERS: SampleUser[] = LARGEST_TOWNS.flatMap(([town], t) =>
  Array.from({ length: LENDERS_PER_TOWN }, (_, k) => {
    const n = t * LENDERS_PER_TOWN + k;
    const first = FIRST_NAMES[n % FIRST_NAMES.length]!;
    const last = SURNAMES[(n * 7) % SURNAMES.length]!;
    return {
      key: lenderKey(town, k),
      name: `${first} ${last}`,
      email: `${first}.${last}.${slug(town)}@example.com`.toLowerCase(),
      joinedDaysAgo: 30 + ((n * 53) % 700),
    };
  }),
);

/** The hand-written listings of each category, in catalogue order: the models town listings are. */
const modelsOf = new Map(CATEGORIES.map((c) => [c.id, SAMPLE_ITEMS.filter((i) => i.categoryId === c.id)]));

/** A price near the model's: up to 15% either way, in steps of 50p, never under £1. */
function priceNear(pence: number, seed: number): number {
  const factor = 0.85 + (seed % 31) / 100;
  return Math.max(100, Math.round((pence * factor) / 50) * 50);
}

export const SAMPLE_TOWN_ITEMS: SampleItem[] = LARGEST_TOWNS.flatMap(([town, , , district], t) => {
  const places = TOWN_PLACES[town];
  if (!places || places.length === 0) throw new Error(`No public places for ${town}`);
  return Array.from({ length: TOWN_ITEMS_PER_TOWN }, (_, n): SampleItem => {
    // Consecutive slots take consecutive categories, so every town has six different ones and the
    // catalogue about the same number of each.
    const slot = t * TOWN_ITEMS_PER_TOWN + n;
    const category = CATEGORIES[slot % CATEGORIES.length]!;
    const models = modelsOf.get(category.id)!;
    const round = Math.floor(slot / CATEGORIES.length);
    const model = models[round % models.length]!;
    const quality = QUALITIES[Math.floor(round / models.length)];
    if (!quality) throw new Error(`More listings of ${model.key} than words for them`);
    const [place, latitude, longitude] = places[n % places.length]!;
    const inward = `${1 + (slot % 9)}${INWARD_LETTERS[(t + n) % INWARD_LETTERS.length]}${INWARD_LETTERS[(t * 3 + n * 5) % INWARD_LETTERS.length]}`;
    return {
      key: `town-${slug(town)}-${n + 1}`,
      categoryId: model.categoryId,
      name: `${quality} ${model.name}`,
      description: `${model.description} Handed over at ${place}.`,
      dailyRatePence: priceNear(model.dailyRatePence, t * 13 + n * 7),
      minDays: model.minDays,
      maxDays: model.maxDays,
      address: place,
      city: town,
      postcode: `${district} ${inward}`,
      latitude,
      longitude,
      ownerKey: lenderKey(town, n % LENDERS_PER_TOWN),
      pictureKey: model.key,
    };
  });
});

/** The hand-written listing a town listing is a model of (itself for a hand-written one): what its photos show. */
export function pictureModel(item: SampleItem): SampleItem {
  return item.pictureKey === undefined ? item : (SAMPLE_ITEMS.find((i) => i.key === item.pictureKey) ?? item);
}

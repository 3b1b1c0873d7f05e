import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH, MIN_RATING_OPTIONS } from '../browse-filters.ts';
import { ALL_CATEGORY_ID, CATEGORIES } from '../categories.ts';
import { distanceMetres, METRES_PER_MILE, RADIUS_MILES_OPTIONS, readNear } from '../near.ts';
import { sampleOffsetPoint } from '../public-location.ts';
import { SAMPLE_ITEMS, sampleOwnerRating, type SampleItem } from '../sample-catalogue/index.ts';
import { placeOffline } from '../uk-places/index.ts';
import { RELEVANCE_CASES, type RelevanceCase, type RelevanceGroup } from './relevance-cases.ts';
import { SYNONYM_GROUPS } from './synonym-groups.ts';

const GROUPS: readonly RelevanceGroup[] = ['forms', 'compounds', 'names', 'slips', 'several', 'codes', 'prefix', 'filters', 'place'];

const itemsByKey = new Map(SAMPLE_ITEMS.map((i) => [i.key, i]));
const item = (key: string): SampleItem => itemsByKey.get(key)!;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const CATALOGUE_WORDS = new Set(SAMPLE_ITEMS.flatMap((i) => wordsOf(`${i.name} ${i.description}`)));
/** Each item's text with spaces and punctuation gone, where a code like '6x4' can be looked for ('6 x 4 ft'). */
const COMPACT_TEXTS = SAMPLE_ITEMS.map((i) => wordsOf(`${i.name} ${i.description}`).join(''));

const TOWNS = new Set(SAMPLE_ITEMS.map((i) => i.city.toLowerCase()));
const DISTRICTS = new Set(SAMPLE_ITEMS.map((i) => i.postcode.split(' ')[0]!.toLowerCase()));
const POSTCODES = new Set(SAMPLE_ITEMS.map((i) => i.postcode.toLowerCase()));

/** A synonym term as a search would name it, near enough: the words, a plural 's' off the last. */
const TERMS = new Set(SYNONYM_GROUPS.flatMap((g) => g.terms));
const isSynonymTerm = (query: string) => {
  const words = wordsOf(query).join(' ');
  return TERMS.has(words) || TERMS.has(words.replace(/s$/, ''));
};

const label = (c: RelevanceCase) =>
  `[${c.group}] '${c.query}'${['category', 'maxPrice', 'minRating', 'near', 'radius']
    .filter((f) => c[f as keyof RelevanceCase] !== undefined)
    .map((f) => ` ${f}=${String(c[f as keyof RelevanceCase])}`)
    .join('')}`;

describe('RELEVANCE_CASES', () => {
  it('has at least 220 cases, at least 15 in every group', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(220);
    for (const group of GROUPS) expect(RELEVANCE_CASES.filter((c) => c.group === group).length, group).toBeGreaterThanOrEqual(15);
    for (const c of RELEVANCE_CASES) expect(GROUPS, label(c)).toContain(c.group);
  });

  it('asks each search once with the same filters', () => {
    const seen = new Set<string>();
    for (const c of RELEVANCE_CASES) {
      const key = JSON.stringify([
        wordsOf(c.query).join(' '),
        c.category ?? ALL_CATEGORY_ID,
        c.maxPrice,
        c.minRating,
        c.near?.toLowerCase(),
        c.radius,
      ]);
      expect(seen.has(key), label(c)).toBe(false);
      seen.add(key);
    }
  });

  it('types searches a person could type', () => {
    for (const c of RELEVANCE_CASES) {
      expect(c.query.trim(), label(c)).toBe(c.query);
      expect(c.query.length, label(c)).toBeGreaterThan(0);
      expect(c.query.length, label(c)).toBeLessThanOrEqual(MAX_SEARCH_LENGTH);
      expect(wordsOf(c.query).length, label(c)).toBeGreaterThan(0);
    }
  });

  it('names only sample items, one to three distinct ones in top3 and none of them also absent', () => {
    for (const c of RELEVANCE_CASES) {
      expect(c.top3.length, label(c)).toBeGreaterThanOrEqual(1);
      expect(c.top3.length, label(c)).toBeLessThanOrEqual(3);
      expect(new Set(c.top3).size, label(c)).toBe(c.top3.length);
      for (const key of [...c.top3, ...(c.absent ?? [])]) expect(itemsByKey.has(key), `${label(c)}: ${key}`).toBe(true);
      for (const key of c.absent ?? []) expect(c.top3, `${label(c)}: ${key}`).not.toContain(key);
      if (c.absent) expect(c.absent.length, label(c)).toBeGreaterThan(0);
    }
  });

  it('expects in top3 only items in the chosen category', () => {
    const ids = new Set<string>([ALL_CATEGORY_ID, ...CATEGORIES.map((c) => c.id)]);
    for (const c of RELEVANCE_CASES.filter((x) => x.category !== undefined)) {
      expect(ids.has(c.category!), label(c)).toBe(true);
      if (c.category === ALL_CATEGORY_ID) continue;
      for (const key of c.top3) expect(item(key).categoryId, `${label(c)}: ${key}`).toBe(c.category);
    }
  });

  it('expects in top3 only items within the highest price (pounds a day)', () => {
    for (const c of RELEVANCE_CASES.filter((x) => x.maxPrice !== undefined)) {
      expect(c.maxPrice, label(c)).toMatch(/^\d{1,7}(?:\.\d{1,2})?$/);
      const pence = Math.round(Number(c.maxPrice) * 100);
      for (const key of c.top3) expect(item(key).dailyRatePence, `${label(c)}: ${key}`).toBeLessThanOrEqual(pence);
    }
  });

  it("expects in top3 only items whose owner's rating reaches the lowest rating", () => {
    for (const c of RELEVANCE_CASES.filter((x) => x.minRating !== undefined)) {
      const minimum = Number(c.minRating);
      expect(MIN_RATING_OPTIONS as readonly number[], label(c)).toContain(minimum);
      for (const key of c.top3) {
        const { rating } = sampleOwnerRating(item(key).ownerKey);
        expect(rating, `${label(c)}: ${key} (owner unrated)`).not.toBeNull();
        expect(rating!, `${label(c)}: ${key}`).toBeGreaterThanOrEqual(minimum);
      }
    }
  });

  it('searches near a town or postcode of the catalogue, with a radius, and expects in top3 only items within it', () => {
    for (const c of RELEVANCE_CASES.filter((x) => x.near !== undefined || x.radius !== undefined)) {
      expect(c.near, label(c)).toBeDefined();
      expect(c.radius, label(c)).toBeDefined();
      expect(RADIUS_MILES_OPTIONS as readonly number[], label(c)).toContain(Number(c.radius));
      const near = c.near!.toLowerCase();
      expect(TOWNS.has(near) || DISTRICTS.has(near) || POSTCODES.has(near), label(c)).toBe(true);
      const query = readNear(c.near!);
      expect(query, label(c)).not.toBeNull();
      if (query === null || query.kind === 'point') continue;
      const centre = placeOffline(query);
      expect(centre, label(c)).toBeDefined();
      for (const key of c.top3) {
        const miles = distanceMetres(centre!, sampleOffsetPoint(key, item(key))) / METRES_PER_MILE;
        expect(miles, `${label(c)}: ${key}`).toBeLessThanOrEqual(Number(c.radius));
      }
    }
  });

  it('filters in the filters group and places in the place group', () => {
    for (const c of RELEVANCE_CASES.filter((x) => x.group === 'filters')) {
      expect(c.category ?? c.maxPrice ?? c.minRating, label(c)).toBeDefined();
    }
    for (const c of RELEVANCE_CASES.filter((x) => x.group === 'place')) expect(c.near, label(c)).toBeDefined();
  });

  it('says what a slip was read as, with words the catalogue has, and only for slips', () => {
    for (const c of RELEVANCE_CASES) {
      if (c.group !== 'slips') {
        expect(c.correctedTo, label(c)).toBeUndefined();
        continue;
      }
      expect(c.correctedTo, label(c)).toBeDefined();
      expect(c.correctedTo, label(c)).toBe(c.correctedTo!.toLowerCase().trim());
      expect(c.correctedTo, label(c)).not.toBe(wordsOf(c.query).join(' '));
      for (const word of wordsOf(c.correctedTo!)) expect(CATALOGUE_WORDS.has(word), `${label(c)}: '${word}'`).toBe(true);
      // The slip itself is a word the catalogue does not have.
      expect(
        wordsOf(c.query).some((w) => !CATALOGUE_WORDS.has(w)),
        label(c),
      ).toBe(true);
    }
  });

  it('asks codes and numbers the catalogue really has', () => {
    for (const c of RELEVANCE_CASES.filter((x) => x.group === 'codes')) {
      for (const word of wordsOf(c.query).filter((w) => /\d/.test(w))) {
        expect(
          COMPACT_TEXTS.some((t) => t.includes(word)),
          `${label(c)}: '${word}'`,
        ).toBe(true);
      }
    }
  });

  it('ends each prefix search with the start of a catalogue word that is not a word itself', () => {
    for (const c of RELEVANCE_CASES.filter((x) => x.group === 'prefix')) {
      const last = wordsOf(c.query).at(-1)!;
      expect(CATALOGUE_WORDS.has(last), label(c)).toBe(false);
      expect(
        [...CATALOGUE_WORDS].some((w) => w.startsWith(last)),
        label(c),
      ).toBe(true);
    }
  });

  it('asks the names group by a name the synonym groups know', () => {
    for (const c of RELEVANCE_CASES.filter((x) => x.group === 'names')) expect(isSynonymTerm(c.query), label(c)).toBe(true);
  });
});

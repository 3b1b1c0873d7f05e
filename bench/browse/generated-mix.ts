import { addDays, CATEGORIES, type IsoDate } from '@toolshed/core';
import { synonymsOf } from '@toolshed/core/search';
import { CATEGORY_VOCABULARY, CITIES } from './vocabulary.ts';

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same mix on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of every run's mix, so runs are comparable. */
export const MIX_SEED = 20261122;

export interface MixQuery {
  path: string;
  /** Which filters it uses, e.g. 'category+words+dates'; the unit for per-kind percentiles. */
  kind: string;
}

const RATINGS = ['3', '3.5', '4', '4.5'];

/**
 * Where the mix browses from (decision 022): each bench city by name and by a postcode district of
 * its area, placed by the offline geocoder (a district it has, else the area's centre).
 */
const PLACES = CITIES.flatMap(([name, area]) => [name, area === 'CF' ? 'CF10' : `${area}1`]);
const RADII = ['1', '3', '5', '10', '25'];
/** Orders other than the default: lowest price and highest rated. */
const SORTS = ['price', 'rating'];

/** Search words as people type them: single words from the item names of a category, lower-case. */
function nounWords(nouns: string[]): string[][] {
  const known = NOUN_WORDS.get(nouns);
  if (known) return known;
  const words = nouns.map((n) =>
    n
      .toLowerCase()
      .split(/[\s-]+/)
      .filter((w) => w.length >= 3),
  );
  NOUN_WORDS.set(nouns, words);
  return words;
}
/**
 * The words as people type them (decision 025): of every ten words, two in the plural, one with a
 * letter left out (5 letters or more), one by another name people use (a one-word term of its synonym
 * group), the rest as written. Chosen by a hash of the word and its place, not by the mix's random
 * streams, so every other draw of the mix is what it was.
 */
export function asPeopleType(words: readonly string[]): string[] {
  return words.map((word, at) => {
    let hash = at + 1;
    for (const ch of word) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
    const choice = hash % 10;
    if (choice < 2) return word.endsWith('s') ? word : `${word}s`;
    if (choice === 2 && word.length >= 5) {
      const gap = 1 + (hash % (word.length - 2));
      return word.slice(0, gap) + word.slice(gap + 1);
    }
    if (choice === 3) {
      const other = synonymsOf([word]).find((term) => term.length === 1);
      if (other) return other[0]!;
    }
    return word;
  });
}

/** Each vocabulary's words, split once: the top-up of rare kinds draws millions of queries. */
const NOUN_WORDS = new WeakMap<string[], string[][]>();

/**
 * A realistic browse: category (or all), 0-2 words from the catalogue's vocabulary, maybe a maximum
 * price, maybe a 1-14 day range within the next 120 days, maybe a minimum rating, page 1-3; and,
 * drawn from a stream of their own so the rest of the mix is what it was, maybe a place (a fifth
 * of the mix within a radius, one in twenty at any distance, nearest first) and maybe an order
 * other than the default (lowest price or highest rated, one in seven).
 */
function oneQuery(random: () => number, today: IsoDate, where: () => number): MixQuery {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const all = random() < 0.3;
  const category = all ? null : pick(CATEGORIES).id;
  const vocabulary = CATEGORY_VOCABULARY[category ?? pick(CATEGORIES).id];
  const params = new URLSearchParams();
  const kind: string[] = [all ? 'all' : 'category'];

  const wordCount = random() < 0.4 ? 0 : random() < 0.75 ? 1 : 2;
  if (wordCount > 0) {
    const words = pick(nounWords(vocabulary.nouns).filter((w) => w.length >= wordCount));
    const start = Math.floor(random() * (words.length - wordCount + 1));
    params.set('search', asPeopleType(words.slice(start, start + wordCount)).join(' '));
    kind.push(wordCount === 1 ? 'word' : 'words');
  }
  if (random() < 0.5) {
    params.set('maxPrice', String(5 + Math.floor(random() * 20) * 5));
    kind.push('price');
  }
  if (random() < 0.5) {
    const start = addDays(today, Math.floor(random() * 107));
    params.set('startDate', start);
    params.set('endDate', addDays(start, Math.floor(random() * 14)));
    kind.push('dates');
  }
  if (random() < 0.25) {
    params.set('minRating', pick(RATINGS));
    kind.push('rating');
  }
  const r = random();
  const page = r < 0.7 ? 1 : r < 0.9 ? 2 : 3;
  const place = where();
  if (place < 0.25) {
    params.set('near', PLACES[Math.floor(where() * PLACES.length)]!);
    if (place < 0.2) {
      params.set('radius', RADII[Math.floor(where() * RADII.length)]!);
      kind.push('radius');
    } else kind.push('near');
  }
  if (where() < 0.15) {
    params.set('sort', SORTS[Math.floor(where() * SORTS.length)]!);
    kind.push('sort');
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return { path: `/api/categories/${category ?? 'all'}/items${query ? `?${query}` : ''}`, kind: kind.join('+') };
}

/** The distinct queries of a fixed seed, in order, for as long as `attempts` draws last. */
function* mixStream(seed: number, today: IsoDate, attempts: number, wanted: (q: MixQuery) => boolean = () => true): Generator<MixQuery> {
  const random = seededRandom(seed);
  const where = seededRandom(seed ^ 0x5bd1e995);
  const seen = new Set<string>();
  for (let n = 0; n < attempts; n++) {
    const q = oneQuery(random, today, where);
    if (!wanted(q) || seen.has(q.path)) continue;
    seen.add(q.path);
    yield q;
  }
}

/** `count` distinct queries from a fixed seed; the same seed and day give the same list. */
export function generateMix(count: number, seed: number, today: IsoDate): MixQuery[] {
  const out: MixQuery[] = [];
  if (count <= 0) return out;
  for (const q of mixStream(seed, today, count * 50)) {
    out.push(q);
    if (out.length === count) return out;
  }
  throw new Error(`Could not generate ${count} distinct queries`);
}

/**
 * `mix` (the first queries of `seed`'s stream) followed by later queries of the same stream, within
 * its first `attempts` draws, of the kinds `mix` holds fewer than `perKind` of, until each has
 * `perKind` or the draws run out. In the mix's own proportions the rarest kinds (a place, two words,
 * dates, a rating and an order together) are about 1 in 100,000 queries: a per-kind set taken from
 * 100,000 gave 18 kinds under 40 answers, whose p95 was their slowest or second-slowest. Only
 * queries of those kinds are added, after the list, so every other kind's queries, and the slices
 * the rest is cut into, are the list's as before. Kinds with few distinct queries (all categories
 * with a rating alone: 12) stay as few.
 */
export function withRareKindsToppedUp(mix: MixQuery[], perKind: number, seed: number, today: IsoDate, attempts: number): MixQuery[] {
  const counts = new Map<string, number>();
  for (const q of mix) counts.set(q.kind, (counts.get(q.kind) ?? 0) + 1);
  const added: MixQuery[] = [];
  let skipped = 0;
  // Past the list, only the kinds still short are kept (and remembered, to stay distinct).
  const wanted = (q: MixQuery) => skipped < mix.length || (counts.get(q.kind) ?? 0) < perKind;
  for (const q of mixStream(seed, today, attempts, wanted)) {
    if (skipped < mix.length) {
      skipped += 1;
      continue;
    }
    counts.set(q.kind, (counts.get(q.kind) ?? 0) + 1);
    added.push(q);
  }
  return [...mix, ...added];
}

/** Splits one generated list into consecutive slices of the given sizes, so no query is used twice. */
export function slices<T>(list: T[], sizes: number[]): T[][] {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total > list.length) throw new Error(`Need ${total} queries, have ${list.length}`);
  let at = 0;
  return sizes.map((n) => list.slice(at, (at += n)));
}

/**
 * Up to `perKind` queries of each kind, in the list's order, and the rest of the list. The serial
 * run takes its queries this way so that every kind's p95 rests on as many answers as the others:
 * drawn in the mix's own proportions, 2,000 queries gave the rarest kinds 4 to 12 answers, whose
 * p95 is their slowest answer.
 */
export function takePerKind(list: MixQuery[], perKind: number): { taken: MixQuery[]; rest: MixQuery[] } {
  const counts = new Map<string, number>();
  const taken: MixQuery[] = [];
  const rest: MixQuery[] = [];
  for (const q of list) {
    const n = counts.get(q.kind) ?? 0;
    if (n < perKind) {
      counts.set(q.kind, n + 1);
      taken.push(q);
    } else rest.push(q);
  }
  return { taken, rest };
}

/** Draws of the mix's stream searched for queries of its rarest kinds (about 18 s of generating). */
const RARE_KIND_DRAWS = 5_000_000;
/** Queries one at a time before each server's timed passes, and at 50 connections before its load. */
const WARM_UP = 1_000;

/** The bench's query sets, none sharing a query (`run.ts`): per server, the warm-ups, the one-connection set and the load. */
interface MixSets {
  mix: MixQuery[];
  serialOff: MixQuery[];
  serialOn: MixQuery[];
  warmOff: MixQuery[];
  loadWarmOff: MixQuery[];
  loadOff: MixQuery[];
  warmOn: MixQuery[];
  loadWarmOn: MixQuery[];
  loadOn: MixQuery[];
  sample: MixQuery[];
}

/**
 * The generated mix of `MIX_SEED` cut into the bench's sets: up to `perKind` of each kind at one
 * connection for the server with the cache off, as many again for the one with it on, then the
 * warm-ups, `loadCount` queries at 50 connections for each, and `sampleSize` compared with the
 * baseline. The rarest kinds (all + two words + rating alone) are about 1 in 350 of the mix; the
 * rarest with a place and an order about 1 in 100,000, topped up from further on in the same stream.
 */
export function mixSets(today: IsoDate, perKind: number, loadCount: number, sampleSize: number): MixSets {
  const mix = withRareKindsToppedUp(
    generateMix(Math.max(80_000, 2 * (2 * WARM_UP + loadCount) + sampleSize + 2 * 400 * perKind), MIX_SEED, today),
    2 * perKind,
    MIX_SEED,
    today,
    RARE_KIND_DRAWS,
  );
  const off = takePerKind(mix, perKind);
  const on = takePerKind(off.rest, perKind);
  const [warmOff, loadWarmOff, loadOff, warmOn, loadWarmOn, loadOn, sample] = slices(on.rest, [
    WARM_UP,
    WARM_UP,
    loadCount,
    WARM_UP,
    WARM_UP,
    loadCount,
    sampleSize,
  ]) as [MixQuery[], MixQuery[], MixQuery[], MixQuery[], MixQuery[], MixQuery[], MixQuery[]];
  return { mix, serialOff: off.taken, serialOn: on.taken, warmOff, loadWarmOff, loadOff, warmOn, loadWarmOn, loadOn, sample };
}

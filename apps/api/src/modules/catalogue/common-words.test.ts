import { describe, expect, it } from 'vitest';
import { CommonWords, shareAtMost, type ColumnStatistics, type WordStatistics } from './common-words.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { postingsAnswer, preparable } from './browse-sql.ts';
import { matchingItems } from './matches-sql.ts';
import { NO_STATISTICS, type SearchCosts } from './search-costs.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Prices spread evenly from £0 to £100 (pence), no common values. */
const evenPrices: ColumnStatistics = {
  nullFraction: 0,
  commonValues: [],
  commonFrequencies: [],
  histogram: Array.from({ length: 101 }, (_, i) => i * 100),
};
/** Ratings: a tenth unrated, a fifth exactly 5, the rest spread evenly from 3 to 5. */
const ratings: ColumnStatistics = { nullFraction: 0.1, commonValues: [5], commonFrequencies: [0.2], histogram: [3, 3.5, 4, 4.5, 5] };

/** The catalogue the choices were measured on: 100,000 listed items, 'and' in 58,000 postings. */
const measured: WordStatistics = {
  tokens: [
    { token: 'and', postings: 40_000 },
    { token: 'hand', postings: 18_000 },
    { token: 'bring', postings: 12_000 },
    { token: 'spring', postings: 2_700 },
    { token: 'strings', postings: 1_500 },
    { token: 'plastering', postings: 1_000 },
    { token: 'ring', postings: 750 },
  ],
  listed: { 'power-tools': 14_000, 'cleaning-equipment': 7_000, 'garden-tools': 79_000 },
  price: evenPrices,
  rating: ratings,
};

async function ready(stats: WordStatistics = measured): Promise<CommonWords> {
  const words = new CommonWords(async () => stats);
  words.costsFor(null, {});
  await settle();
  return words;
}

describe('shares of prices and ratings from the statistics', () => {
  it('interpolates within the histogram and adds the common values', () => {
    expect(shareAtMost(evenPrices, 2_500)).toBeCloseTo(0.25, 5);
    expect(shareAtMost(evenPrices, -1)).toBe(0);
    expect(shareAtMost(evenPrices, 20_000)).toBe(1);
    // Below 4: a tenth unrated, the 70% spread over [3, 5] half below 4.
    expect(shareAtMost(ratings, 4, true)).toBeCloseTo(0.35, 5);
    expect(shareAtMost(ratings, 5)).toBeCloseTo(0.9, 5);
  });
});

describe('choosing between the postings and the walk', () => {
  it('reads the postings of every word until the statistics are read, and when there are none', async () => {
    let answer: WordStatistics | Error = new Error('no statistics yet');
    let now = 0;
    const words = new CommonWords(
      async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      },
      1_000,
      () => now,
    );
    expect(words.costsFor(null, {}).preferWalk(['and'])).toBe(false);
    await settle();
    expect(words.costsFor(null, {}).preferWalk(['and'])).toBe(false);
    answer = measured;
    now = 1_000;
    words.costsFor(null, {});
    await settle();
    expect(words.costsFor(null, {}).preferWalk(['and'])).toBe(true);
    expect(new CommonWords(async () => ({ tokens: [], listed: {} })).costsFor(null, {})).toBe(NO_STATISTICS);
  });

  it('walks for a word in most items and reads the postings of a rare one', async () => {
    const all = (await ready()).costsFor(null, {});
    expect(all.postings('and')).toBe(58_000); // and + hand
    expect(all.preferWalk(['and'])).toBe(true);
    expect(all.preferWalk(['ring'])).toBe(true); // bring, spring, strings, plastering, ring: 17,950
    expect(all.preferWalk(['drill'])).toBe(false); // unknown to the statistics: rare
    expect(all.postings('drill')).toBe(0);
  });

  it('reads the postings when a price and a rating leave too few matches for the walk to stop early', async () => {
    const words = await ready();
    const sparse = words.costsFor(null, { maxPricePence: 500, minRating: 4 });
    expect(sparse.preferWalk(['ring'])).toBe(false);
    expect(sparse.preferWalk(['and'])).toBe(false);
    // 'and' is in so many items that, under £25, the walk still stops soon enough.
    expect(words.costsFor(null, { maxPricePence: 2_500, minRating: 4 }).preferWalk(['and'])).toBe(true);
  });

  it('counts the matches of a walked word from the inverted index, unless it is in half the items', async () => {
    const words = await ready();
    const all = words.costsFor(null, {});
    // 'ring', 17,950 postings: walked, 1,001 matches would take some 5,600 entries.
    expect(all.countFromIndex(['ring'])).toBe(true);
    // 'and', 58,000 postings: reading them all costs more than the 1,700 entries the walk passes.
    expect(all.countFromIndex(['and'])).toBe(false);
    // Under £5 rated 4 the walk passes most of the catalogue for the bound's matches.
    expect(words.costsFor(null, { maxPricePence: 500, minRating: 4 }).countFromIndex(['and'])).toBe(true);
    expect(NO_STATISTICS.countFromIndex(['ring'])).toBe(false);
  });

  it("counts a category's share of the postings", async () => {
    const words = await ready();
    // 'and' in a category of 7,000 items: about 4,060 postings, read at once when a price narrows it.
    const cleaning = words.costsFor('cleaning-equipment', { maxPricePence: 3_500, minRating: 3.5 });
    expect(cleaning.postings('and')).toBeCloseTo(4_060, 0);
    expect(cleaning.preferWalk(['and'])).toBe(false);
    // A category listed since the counts were read is judged as the whole catalogue.
    expect(words.costsFor('new-category', {}).postings('and')).toBe(58_000);
  });

  it('lets the rarest word drive: a rare word beside a common one reads the postings', async () => {
    const all = (await ready()).costsFor(null, {});
    expect(all.preferWalk(['wet', 'and'])).toBe(false);
    expect(all.preferWalk(['and', 'hand'])).toBe(true);
  });

  it("checks a common word on each of a rare driver's candidates rather than hashing its postings", async () => {
    const all = (await ready()).costsFor(null, {});
    expect(all.probeOthers('wet', ['and'])).toBe(true); // 'wet' unknown: rare; 'and' 58,000 postings
    expect(all.probeOthers('ring', ['spring'])).toBe(false); // 17,950 candidates against 2,700 postings
    expect(NO_STATISTICS.probeOthers('wet', ['and'])).toBe(false);
  });

  it('finds a rare word within a radius from its postings, and a common one from the circle', async () => {
    const all = (await ready()).costsFor(null, {});
    expect(all.rareWithin('drill')).toBe(true); // unknown to the statistics: rare
    expect(all.rareWithin('and')).toBe(false); // 58,000 postings
    expect(NO_STATISTICS.rareWithin('drill')).toBe(false);
  });

  it('sorts every match read from the postings when walking an index in the order would pass many entries for the page', async () => {
    const words = await ready();
    const all = words.costsFor(null, {});
    expect(all.sortWhole(['drill'], 'nearest', 24)).toBe(true); // unknown to the statistics: rare
    // 'ring' (17,950 postings in 100,000 items): nearest first, 24 matches within about 134 entries.
    expect(all.sortWhole(['ring'], 'nearest', 24)).toBe(false);
    expect(all.sortWhole(['and'], 'price', 72)).toBe(false);
    // Under £5 rated 4, few items match: the walk would pass thousands of entries.
    expect(words.costsFor(null, { maxPricePence: 500, minRating: 4 }).sortWhole(['ring'], 'nearest', 72)).toBe(true);
    expect(NO_STATISTICS.sortWhole(['drill'], 'nearest', 24)).toBe(false);
    // Relevance stops early on a walk; only words intersected across all categories are read whole.
    expect(all.sortWhole(['drill'], 'relevance', 24)).toBe(false);
    expect(all.sortWhole(['ring', 'spring'], 'relevance', 24)).toBe(true);
    expect(words.costsFor('garden-tools', {}).sortWhole(['ring', 'spring'], 'relevance', 24)).toBe(false);
  });

  it('sends a common word the costs walk to a prepared statement (checked by strpos), and a short word to an unprepared one', () => {
    const walkFor = (word: string): SearchCosts => ({
      ...NO_STATISTICS,
      postings: (w) => (w === word ? 50_000 : 0),
      preferWalk: (ws) => ws.every((w) => w === word),
    });
    expect(postingsAnswer(['drill'], walkFor('with'))).toBe(true);
    expect(postingsAnswer(['with'], walkFor('with'))).toBe(false);
    expect(postingsAnswer(['at'])).toBe(false); // under three characters: always the walk
    expect(preparable({ page: 1, pageSize: 24, search: 'with' })).toBe(true);
    expect(preparable({ page: 1, pageSize: 24, search: 'drill' })).toBe(true);
    expect(preparable({ page: 1, pageSize: 24, search: 'at' })).toBe(false);
    const walk = new PgDialect().sqlToQuery(
      matchingItems({ categoryId: null }, { page: 1, pageSize: 24, search: 'with' }, 24, 0, walkFor('with')),
    );
    expect(walk.sql).toMatch(/from items i where .*strpos\(i\.search_text, \$\d+\) > 0/);
    expect(walk.sql).not.toMatch(/ like /);
    expect(walk.params).toContain('with');
    const short = new PgDialect().sqlToQuery(
      matchingItems({ categoryId: null }, { page: 1, pageSize: 24, search: 'at' }, 24, 0, walkFor('with')),
    );
    expect(short.sql).toMatch(/i\.search_text like \$\d+/);
    expect(short.params).toContain('%at%');
  });
});

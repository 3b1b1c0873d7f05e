import { describe, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { parseBrowseFilters, type BrowseFilters, type RawBrowseFilters } from '@toolshed/core';
import { countedItems, matchingItems, type BrowseScope } from './browse-sql.ts';
import { keyedMatchesWithin, orderedWalk } from './order-sql.ts';

const dialect = new PgDialect();
const built = (q: SQL) => dialect.sqlToQuery(q);

function filters(raw: RawBrowseFilters): BrowseFilters {
  const parsed = parseBrowseFilters(raw, '2026-11-27');
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

const leeds = { latitude: 53.8, longitude: -1.55 };
const scopes: Record<string, BrowseScope> = {
  all: { categoryId: null },
  category: { categoryId: 'power-tools' },
  radius: { categoryId: null, near: { ...leeds, radiusMetres: 8000 } },
};
const statements: Record<string, (scope: BrowseScope, f: BrowseFilters) => SQL> = {
  'newest first': (scope, f) => matchingItems(scope, f, 24, 24),
  counted: (scope, f) => countedItems(scope, f, 1001),
  'lowest price': (scope, f) => orderedWalk(scope, f, 'price', 24, 0),
  relevance: (scope, f) => orderedWalk(scope, f, 'relevance', 24, 0),
};

describe('browse statements', () => {
  // Each distinct statement is prepared and planned on each read connection (about half a
  // megabyte there, and a first run several times a warm one), so dates, which barely change the
  // plan's estimates, are parameters of one statement rather than two statements.
  for (const [scopeName, scope] of Object.entries(scopes)) {
    for (const [name, statement] of Object.entries(statements)) {
      it(`are one statement with or without dates: ${name}, ${scopeName}`, () => {
        for (const search of [undefined, 'hedge', 'hedge trimmer']) {
          const bare = built(statement(scope, filters({ search })));
          const narrowed = built(statement(scope, filters({ search, startDate: '2026-12-01', endDate: '2026-12-03' })));
          expect(narrowed.sql).toBe(bare.sql);
          // What differs is the values: no booked day or away owner without dates.
          expect(bare.params).toEqual(expect.arrayContaining(['empty', 'infinity']));
          expect(narrowed.params).toEqual(expect.arrayContaining(['[2026-12-01,2026-12-03]', '2026-12-01']));
          expect(narrowed.params).not.toContain('empty');
          // A maximum price stays a condition of its own (its estimate would change the plans).
          expect(built(statement(scope, filters({ search, maxPrice: '20' }))).sql).not.toBe(bare.sql);
        }
      });
    }
  }

  it('within a radius from a rare word, too', () => {
    const rare = { postings: () => 10, preferWalk: () => false, probeOthers: () => true, rareWithin: () => true };
    const scope = scopes.radius!;
    const bare = built(keyedMatchesWithin(scope, filters({ search: 'hedge' }), 'price', 1001, rare));
    const narrowed = built(keyedMatchesWithin(scope, filters({ search: 'hedge', startDate: '2026-12-01' }), 'price', 1001, rare));
    expect(bare.sql).toContain('search_postings p');
    expect(narrowed.sql).toBe(bare.sql);
  });
});

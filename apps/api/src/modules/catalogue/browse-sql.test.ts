import { describe, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Query } from 'drizzle-orm';
import { plainQuery } from '../../db/plain-query.ts';
import { parseBrowseFilters, type BrowseFilters, type RawBrowseFilters } from '@toolshed/core';
import { newestFirst, type BrowseScope } from './browse-sql.ts';
import { countedItems, matchingItems } from './matches-sql.ts';
import { firstRows, pageOf, pageWindow } from './page-sql.ts';
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
  'lowest price': (scope, f) => orderedWalk(scope, f, 'price', firstRows(24)),
  relevance: (scope, f) => orderedWalk(scope, f, 'relevance', firstRows(24)),
};

describe('browse statements', () => {
  // Each distinct statement is prepared and planned on each read connection (about half a
  // megabyte there, and a first run several times a warm one), so filters that only narrow are
  // parameters of one statement rather than four statements.
  for (const [scopeName, scope] of Object.entries(scopes)) {
    for (const [name, statement] of Object.entries(statements)) {
      it(`are one statement with or without a maximum price and dates: ${name}, ${scopeName}`, () => {
        for (const search of [undefined]) {
          const bare = built(statement(scope, filters({ search })));
          const narrowed = built(statement(scope, filters({ search, maxPrice: '20', startDate: '2026-12-01', endDate: '2026-12-03' })));
          expect(narrowed.sql).toBe(bare.sql);
          // What differs is the values: every price and no booked day or away owner without them.
          expect(bare.params).toEqual(expect.arrayContaining([2_147_483_647, 'empty', 'infinity']));
          expect(narrowed.params).toEqual(expect.arrayContaining([2000, '[2026-12-01,2026-12-03]', '2026-12-01']));
          expect(narrowed.params).not.toContain('empty');
          // The API writes them itself, as the dialect does (db/plain-query.ts).
          const priced = statement(scope, filters({ search, maxPrice: '20' }));
          const { sql: text, params } = built(priced);
          expect(plainQuery(priced)).toEqual({ sql: text, params });
        }
      });
    }
  }

  it('within a radius, too', () => {
    const scope = scopes.radius!;
    const bare = built(keyedMatchesWithin(scope, filters({}), 1001));
    const narrowed = built(keyedMatchesWithin(scope, filters({ maxPrice: '5', startDate: '2026-12-01' }), 1001));
    expect(narrowed.sql).toBe(bare.sql);
  });

  it('find page 1 with its own statement, pages 2 and 3 with one, the page cut by an offset sent as a value', () => {
    const pageOfNewest = (page: number) => {
      const f = filters({ page: String(page) });
      const w = pageWindow(f);
      return built(pageOf(matchingItems(scopes.category!, f, w.rows, 0), newestFirst('w'), w));
    };
    const pageOfPrice = (page: number) => {
      const f = filters({ page: String(page) });
      return built(orderedWalk(scopes.all!, f, 'price', pageWindow(f)));
    };
    for (const statement of [pageOfNewest, pageOfPrice]) {
      const [one, two, three, four, five] = [1, 2, 3, 4, 5].map(statement) as [Query, Query, Query, Query, Query];
      expect(three.sql).toBe(two.sql);
      expect(five.sql).toBe(four.sql);
      expect(new Set([one.sql, two.sql, four.sql]).size).toBe(3);
      expect([one, two, three, four, five].map((q) => q.params.at(-1))).toEqual([0, 24, 48, 72, 96]);
      // The window's rows are walked with their limit written in: 24 for page 1, 72 for pages 2-3.
      expect(one.sql).toContain('limit 24');
      expect(one.sql).not.toMatch(/limit (72|120)/);
      expect(two.sql).toContain('limit 72');
      expect(four.sql).toContain('limit 120');
    }
  });
});

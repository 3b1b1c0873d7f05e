import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { plainQuery } from './plain-query.ts';
import { items } from './schema.ts';

const dialect = new PgDialect();

describe('plainQuery', () => {
  it('gives the text and values the dialect gives, for every kind of chunk written by hand', () => {
    const trees: SQL[] = [
      sql`select 1`,
      sql``,
      sql.empty(),
      sql`select ${'a'}, ${2}, ${true}, ${null}, ${undefined} from t`,
      sql`where id in ${['a', 'b', 3]} and x = ${7}`,
      sql`select * from (${sql`select ${1} as one`}) s where ${sql.join([sql`a = ${'x'}`, sql.raw('b is null'), sql`c < ${4.5}`], sql` and `)}`,
      sql`${sql.raw('limit 24')} offset ${48}`,
      sql.join([sql`${1}`, sql`${2}`, sql`${3}`]),
      sql`select ${sql`nested ${sql`deeper ${'value'}`} ${'and'}`} ${[]}`,
    ];
    for (const tree of trees) {
      const expected = dialect.sqlToQuery(tree);
      expect(plainQuery(tree)).toEqual({ sql: expected.sql, params: expected.params });
    }
  });

  it('leaves to the dialect what it does not write itself: columns, tables, typed values, inlined values', () => {
    expect(plainQuery(sql`select ${items.id} from items`)).toBeUndefined();
    expect(plainQuery(sql`select * from ${items}`)).toBeUndefined();
    expect(plainQuery(sql`select ${new Date(0)}`)).toBeUndefined();
    expect(plainQuery(sql`select ${sql.param('x')}`)).toBeUndefined();
    expect(plainQuery(sql`select ${'x'}`.inlineParams())).toBeUndefined();
    expect(plainQuery(sql`select ${[1, new Date(0)]}`)).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, queryRowsPrepared, type Database } from './database.ts';

const url = process.env.DATABASE_URL;

describe.runIf(url)('prepared reads on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url, poolSize: 2, preparedPoolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
  });

  const planMode = sql`select current_setting('plan_cache_mode') as mode, pg_backend_pid() as pid`;

  it('run on their own connections, which keep one generic plan per statement', async () => {
    const [prepared] = await queryRowsPrepared<{ mode: string; pid: number }>(database.db, planMode);
    const [plain] = await queryRows<{ mode: string; pid: number }>(database.db, planMode);
    expect(prepared?.mode).toBe('force_generic_plan');
    // Every other statement is planned as PostgreSQL decides, with its parameters in view.
    expect(plain?.mode).toBe('auto');
    expect(prepared?.pid).not.toBe(plain?.pid);
  });

  it('never compile with JIT, on either pool', async () => {
    const jit = sql`select current_setting('jit') as jit`;
    expect(await queryRowsPrepared<{ jit: string }>(database.db, jit)).toEqual([{ jit: 'off' }]);
    expect(await queryRows<{ jit: string }>(database.db, jit)).toEqual([{ jit: 'off' }]);
  });

  it('answer with their parameters, run after run, under one name', async () => {
    const twice = (n: number) => queryRowsPrepared<{ v: number }>(database.db, sql`select ${n}::int * 2 as v`);
    for (const n of [1, 2, 3, 4, 5, 6, 7]) expect(await twice(n)).toEqual([{ v: n * 2 }]);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, queryRowsPrepared, type Database } from './database.ts';
import { openPreparedReads, parameterCount, statementName, type PreparedReads } from './prepared-reads.ts';

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

  it('read timestamps and dates as the text PostgreSQL sends, as every other query does', async () => {
    const when = sql`select timestamptz '2026-11-27 10:00:00+00' as at, date '2026-11-27' as day, 2::int as n`;
    const [prepared] = await queryRowsPrepared<{ at: unknown; day: unknown; n: unknown }>(database.db, when);
    const [plain] = await queryRows<{ at: unknown; day: unknown; n: unknown }>(database.db, when);
    expect(prepared).toEqual(plain);
    expect(typeof prepared?.at).toBe('string');
    expect(prepared?.n).toBe(2);
  });
});

describe.runIf(url)('prepared-read connections on PostgreSQL', () => {
  let database: Database;
  const backend = (tag: number) => sql`select pg_backend_pid() as pid, ${tag}::int as tag`;
  const statement = (k: number) =>
    sql.raw(`select pg_backend_pid() as pid, ${k} as k, (select count(*)::int from pg_prepared_statements) as kept`);
  afterEach(async () => {
    await database?.close();
  });

  it('run each statement on its home connection, so it is planned once and not once per connection', async () => {
    database = await openDatabase({ databaseUrl: url, poolSize: 2, preparedPoolSize: 4 });
    const homes = new Map<number, Set<number>>();
    // One at a time and all at once: with nothing queued, every run of a statement finds its home free.
    for (let round = 0; round < 5; round++) {
      for (let k = 0; k < 12; k++) {
        const [row] = await queryRowsPrepared<{ pid: number }>(database.db, statement(k));
        homes.set(k, (homes.get(k) ?? new Set()).add(row!.pid));
      }
    }
    expect([...homes.values()].every((pids) => pids.size === 1)).toBe(true);
    // Twelve statements spread over more than one of the four connections.
    expect(new Set([...homes.values()].map((pids) => [...pids][0])).size).toBeGreaterThan(1);
    expect(database.preparedStatements?.()).toEqual({ kept: 12, prepared: 12, warmed: 0, deallocated: 0 });
    // Under load a statement may run elsewhere when its home is far busier, and answers all the same.
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => queryRowsPrepared<{ tag: number }>(database.db, backend(i))));
    expect(many.map((rows) => rows[0]?.tag)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('keep at most DATABASE_PREPARED_STATEMENTS on a connection, deallocating the one used least recently', async () => {
    database = await openDatabase({ databaseUrl: url, poolSize: 2, preparedPoolSize: 1, preparedStatements: 3 });
    const run = async (k: number) => (await queryRowsPrepared<{ pid: number; k: number; kept: number }>(database.db, statement(k)))[0]!;
    const first = await run(1);
    await run(2);
    await run(3);
    await run(1); // used again: 2 is now the least recently used
    const fourth = await run(4);
    // The server holds three statements, this one among them (counted while it runs).
    expect(fourth.kept).toBe(3);
    expect(database.preparedStatements?.()).toEqual({ kept: 3, prepared: 4, warmed: 0, deallocated: 1 });
    // The deallocated statement is prepared again when it comes back, on the same connection.
    const again = await run(2);
    expect(again).toEqual({ pid: first.pid, k: 2, kept: 3 });
    // 1 was used more recently than 3, so it was kept and 3 went.
    expect((await run(1)).kept).toBe(3);
    expect(database.preparedStatements?.()).toEqual({ kept: 3, prepared: 5, warmed: 0, deallocated: 2 });
    expect((await run(3)).kept).toBe(3);
    expect(database.preparedStatements?.()).toEqual({ kept: 3, prepared: 6, warmed: 0, deallocated: 3 });
  });

  it('start a connection afresh after an error, and keep answering', async () => {
    database = await openDatabase({ databaseUrl: url, poolSize: 2, preparedPoolSize: 1, preparedStatements: 3 });
    const before = (await queryRowsPrepared<{ pid: number }>(database.db, statement(1)))[0]!;
    await expect(queryRowsPrepared(database.db, sql`select 1 / ${0}::int as never`)).rejects.toThrow(/division by zero/);
    const after = (await queryRowsPrepared<{ pid: number; kept: number }>(database.db, statement(1)))[0]!;
    expect(after.pid).not.toBe(before.pid);
    expect(after.kept).toBe(1);
    expect(database.preparedStatements?.().kept).toBe(1);
  });
});

const shape = (text: string) => ({ name: statementName(text), text });

describe('parameterCount', () => {
  it('is the highest parameter number in the text', () => {
    expect(parameterCount('select 1')).toBe(0);
    expect(parameterCount('select $2::int + $1::int, $10::text, $2::int')).toBe(10);
  });
});

describe.runIf(url)('prepared reads planned ahead on PostgreSQL', () => {
  let reads: PreparedReads;
  const open = (connections: number) =>
    openPreparedReads({ url: url!, sessionOptions: '-c plan_cache_mode=force_generic_plan', connections, statementsPerConnection: 10 });
  afterEach(async () => {
    await reads?.close();
  });

  it('are planned on their home connections without being run, and their first run prepares nothing', async () => {
    const probe = `warm_probe_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create sequence ${probe}`);
      reads = open(2);
      const next = shape(`select nextval('${probe}')::int + $1::int as v`);
      const doubled = shape('select $1::int * 2 as v');
      expect(await reads.warm([next, doubled], 5)).toEqual({ warmed: 2, failed: [] });
      // Planned, not run: the sequence has not moved.
      expect((await admin.query(`select is_called from ${probe}`)).rows).toEqual([{ is_called: false }]);
      expect(reads.statements()).toEqual({ kept: 2, prepared: 0, warmed: 2, deallocated: 0 });
      expect(await reads.run(doubled.text, [21])).toEqual([{ v: 42 }]);
      expect(await reads.run(next.text, [10])).toEqual([{ v: 11 }]);
      expect(reads.statements()).toEqual({ kept: 2, prepared: 0, warmed: 2, deallocated: 0 });
    } finally {
      await admin.query(`drop sequence if exists ${probe}`);
      await admin.end();
    }
  });

  it('keep the generic plan they build ahead, on the connection that runs them', async () => {
    reads = open(1);
    const doubled = shape('select $1::int * 2 as v');
    await reads.warm([doubled], 5);
    const planned = 'select generic_plans::int as generic from pg_prepared_statements where name = $1';
    // One connection: the statement and this probe of it share it. EXPLAIN EXECUTE used the plan once.
    expect(await reads.run(planned, [doubled.name])).toEqual([{ generic: 1 }]);
    await reads.run(doubled.text, [4]);
    expect(await reads.run(planned, [doubled.name])).toEqual([{ generic: 2 }]);
  });

  it('leave out what the server refuses and plan the rest, at most `perConnection` on a connection', async () => {
    reads = open(1);
    const missing = shape('select id from no_such_table_anywhere where id = $1');
    const broken = shape('select from where $1');
    const kept = [shape('select $1::int as a'), shape('select $1::int as b'), shape('select $1::int as c')];
    const result = await reads.warm([missing, ...kept, broken], 2);
    // The first two given (the most recently seen), one of which the server refuses; the rest are not tried.
    expect(result).toEqual({ warmed: 1, failed: [missing.name] });
    expect(await reads.run(kept[0]!.text, [7])).toEqual([{ a: 7 }]);
    expect(reads.statements()).toMatchObject({ kept: 1, prepared: 0, warmed: 1 });
  });

  it('tell which statements were run since they were last asked, once each', async () => {
    reads = open(2);
    const a = shape('select $1::int as a');
    const b = shape('select $1::int as b');
    const warmed = shape('select $1::int as w');
    await reads.warm([warmed], 5);
    await reads.run(a.text, [1]);
    await reads.run(a.text, [2]);
    await reads.run(b.text, [3]);
    expect(reads.takeSeen()).toEqual([a, b]);
    expect(reads.takeSeen()).toEqual([]);
    // A statement planned ahead counts as seen when it is run, not before.
    await reads.run(warmed.text, [4]);
    const taken = reads.takeSeen();
    expect(taken).toEqual([warmed]);
    // Given back (not written down), they are taken again next time.
    reads.giveBackSeen(taken);
    expect(reads.takeSeen()).toEqual([warmed]);
  });
});

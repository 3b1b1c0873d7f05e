import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-app.ts';
import { openDatabase, queryRows, queryRowsPrepared, type Database } from './database.ts';
import { statementName } from './prepared-reads.ts';
import { keepStatementShapes, plannable, type StatementShapes } from './statement-shapes.ts';

const shape = (text: string) => ({ name: statementName(text), text });

describe('plannable', () => {
  it('is a read named by the hash of its text', () => {
    expect(plannable(shape('select 1'))).toBe(true);
    expect(plannable(shape('with a as (select 1) select * from a'))).toBe(true);
    expect(plannable({ name: statementName('select 2'), text: 'select 1' })).toBe(false);
    expect(plannable(shape('delete from items'))).toBe(false);
    expect(plannable(shape('selectx 1'))).toBe(false);
  });
});

describe('keepStatementShapes', () => {
  it('saves one at a time, skipping ticks while a save is in flight, and stops after the save in flight and one more', async () => {
    let running = 0;
    let most = 0;
    let saves = 0;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const shapes: StatementShapes = {
      warm: () => Promise.resolve({ warmed: 0, dropped: 0, ms: 0 }),
      async save() {
        running += 1;
        most = Math.max(most, running);
        await pause(25);
        running -= 1;
        saves += 1;
        return 0;
      },
    };
    const errors: unknown[] = [];
    const keeper = keepStatementShapes(shapes, 5, (err) => errors.push(err));
    await pause(40);
    const before = saves;
    await keeper.stop();
    expect(running).toBe(0);
    expect(most).toBe(1);
    // Ticks every 5 ms for 40 ms, saves of 25 ms: at most two began before stop, then the last.
    expect(before).toBeLessThanOrEqual(2);
    expect(saves).toBeGreaterThan(before);
    expect(errors).toEqual([]);
  });

  it('reports a failed save and keeps going', async () => {
    let calls = 0;
    const shapes: StatementShapes = {
      warm: () => Promise.resolve({ warmed: 0, dropped: 0, ms: 0 }),
      save: () => (++calls === 1 ? Promise.reject(new Error('pool closed')) : Promise.resolve(1)),
    };
    const errors: unknown[] = [];
    const keeper = keepStatementShapes(shapes, 1_000_000, (err) => errors.push(err));
    await keeper.stop();
    await keepStatementShapes(shapes, 1_000_000, (err) => errors.push(err)).stop();
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
  });
});

const url = process.env.DATABASE_URL;

describe.runIf(url)('statement shapes on PostgreSQL', () => {
  let first: { database: Database; dispose(): Promise<void> };
  let second: Database | undefined;
  let schema: string;
  beforeEach(async () => {
    first = await openTestDatabase();
    const [row] = await queryRows<{ schema: string }>(first.database.db, sql`select current_schema() as schema`);
    schema = row!.schema;
  });
  afterEach(async () => {
    await second?.close();
    second = undefined;
    await first.dispose();
  });
  /** Another process on the same database. */
  const restart = () => openDatabase({ databaseUrl: url, schemaName: schema, poolSize: 2, preparedPoolSize: 2 });
  const tripled = (n: number) => sql`select ${n}::int * 3 as v`;
  const kept = () =>
    queryRows<{ name: string; text: string }>(first.database.db, sql`select name, text from statement_shapes order by name`);

  it('writes down the statements run, and a process starting plans them before they are asked for', async () => {
    expect(await queryRowsPrepared(first.database.db, tripled(2))).toEqual([{ v: 6 }]);
    expect(await first.database.statementShapes!.save()).toBe(1);
    const [written] = await kept();
    expect(written?.text).toMatch(/^select \$1::int \* 3 as v$/);
    // Nothing new since: nothing to write.
    expect(await first.database.statementShapes!.save()).toBe(0);

    second = await restart();
    expect(await second.statementShapes!.warm(50)).toMatchObject({ warmed: 1, dropped: 0 });
    expect(await queryRowsPrepared(second.db, tripled(5))).toEqual([{ v: 15 }]);
    expect(second.preparedStatements?.()).toEqual({ kept: 1, prepared: 0, warmed: 1, deallocated: 0 });
  });

  it('drops texts that are not a read named by their hash, or that no longer plan, without running them', async () => {
    await queryRowsPrepared(first.database.db, tripled(1));
    await first.database.statementShapes!.save();
    const forged = { name: statementName('select 1'), text: 'select 2' };
    const write = shape('delete from statement_shapes');
    const gone = shape('select count(*) from no_longer_a_table where id = $1');
    for (const s of [forged, write, gone])
      await queryRows(first.database.db, sql`insert into statement_shapes (name, text) values (${s.name}, ${s.text})`);

    second = await restart();
    expect(await second.statementShapes!.warm(50)).toMatchObject({ warmed: 1, dropped: 3 });
    // The delete was never run: the statement written down is still there, alone.
    expect((await kept()).map((r) => r.text)).toEqual(['select $1::int * 3 as v']);
  });

  it('forgets statements not seen for thirty days', async () => {
    const old = shape('select $1::int as old');
    await queryRows(
      first.database.db,
      sql`insert into statement_shapes (name, text, seen_at) values (${old.name}, ${old.text}, now() - interval '31 days')`,
    );
    await queryRowsPrepared(first.database.db, tripled(1));
    await first.database.statementShapes!.save();
    expect((await kept()).map((r) => r.text)).toEqual(['select $1::int * 3 as v']);
  });
});

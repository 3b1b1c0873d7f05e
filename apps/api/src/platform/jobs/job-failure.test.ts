import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { jobFailure, reportedFailure } from './job-failure.ts';
import { createJobQueue } from './job-queue.ts';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => ({ database, dispose } = await openTestDatabase()));
afterAll(() => dispose());

/** A logger that keeps what it is given, as the process's JSON logger would write it. */
function keptLog() {
  const lines: string[] = [];
  return { lines, error: (obj: object, msg: string) => void lines.push(JSON.stringify({ ...obj, msg })) };
}

const lastError = async (key: string) =>
  (await queryRows<{ last_error: string | null }>(database.db, sql`select last_error from jobs where key = ${key}`))[0]?.last_error;

describe('what the queue keeps of a failed job', () => {
  it("keeps the database's own message and code, never the statement or its parameters", async () => {
    const log = keptLog();
    const reported: unknown[] = [];
    const queue = createJobQueue({ db: database.db, log, onGiveUp: (_job, _err, failure) => void reported.push(failure) });
    queue.register(
      'failure.divide',
      async () => {
        await database.db.execute(sql`select 1 / 0 where ${'secret@example.com'} <> ''`);
      },
      { maxAttempts: 1 },
    );
    await queue.enqueue('failure.divide', {}, { key: 'failure-divide' });
    await queue.runDue();
    expect(await lastError('failure-divide')).toBe('division by zero (22012)');
    expect(log.lines).toHaveLength(1);
    expect(JSON.parse(log.lines[0]!)).toMatchObject({
      job: 'failure.divide',
      giveUp: true,
      failure: { message: 'division by zero', code: '22012' },
      msg: 'job failed for good',
    });
    expect(log.lines[0]).not.toMatch(/secret@example\.com|select|Failed query/);
    expect(reported).toEqual([{ message: 'division by zero', code: '22012' }]);
  });

  it('names the index a row was too large for, and cuts a refused value out of the message', async () => {
    await database.db.execute(sql`create table failure_wide (v text)`);
    await database.db.execute(sql`create index failure_wide_idx on failure_wide (v)`);
    const queue = createJobQueue({ db: database.db });
    // Random bytes as hex do not compress to under the B-tree's limit of 2,704 bytes.
    const wide = randomBytes(3_000).toString('hex');
    queue.register('failure.wide', async () => void (await database.db.execute(sql`insert into failure_wide values (${wide})`)), {
      maxAttempts: 1,
    });
    queue.register('failure.uuid', async () => void (await database.db.execute(sql`select ${'not-a-uuid-but-a-name'}::uuid`)), {
      maxAttempts: 1,
    });
    await queue.enqueue('failure.wide', {}, { key: 'failure-wide' });
    await queue.enqueue('failure.uuid', {}, { key: 'failure-uuid' });
    await queue.runDue();
    expect(await lastError('failure-wide')).toMatch(
      /^index row size \d+ exceeds btree version 4 maximum 2704 for index "failure_wide_idx" \(54000\)$/,
    );
    expect(await lastError('failure-uuid')).toBe('invalid input syntax for type uuid (22P02)');
  });

  it('keeps the message and code of other errors', () => {
    expect(jobFailure(new Error('The payment processor timed out'))).toEqual({ message: 'The payment processor timed out' });
    expect(jobFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' }))).toEqual({
      message: 'connect ECONNREFUSED 127.0.0.1:25',
      code: 'ECONNREFUSED',
    });
    expect(jobFailure('a thrown string')).toEqual({ message: 'a thrown string' });
    // A statement that failed without a database error (the connection went away) says only that.
    const wrapped = Object.assign(new Error('Failed query: select * from users where email = $1\nparams: someone@example.com'), {
      query: 'select * from users where email = $1',
    });
    expect(jobFailure(wrapped)).toEqual({ message: 'A database statement failed' });
    expect(jobFailure(Object.assign(wrapped, { cause: new Error('Connection terminated unexpectedly') }))).toEqual({
      message: 'Connection terminated unexpectedly',
    });
  });

  it('reports a job that failed for good without its statement: the class, the failure and the frames', async () => {
    const err = await database.db.execute(sql`select 1 / 0 where ${'secret@example.com'} <> ''`).then(
      () => undefined,
      (e: unknown) => e,
    );
    const report = reportedFailure(err, jobFailure(err));
    expect(report).toMatchObject({ name: expect.any(String), message: 'division by zero (22012)' });
    expect(JSON.stringify(report)).not.toMatch(/secret@example\.com|select|Failed query/);
    expect(report.stack ?? '').toMatch(/^\s+at /);
  });
});

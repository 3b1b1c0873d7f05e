import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/test-app.ts';
import { loggableError } from './loggable-error.ts';

describe('what an unexpected error may log', () => {
  it('keeps the SQL text and SQLSTATE of a failed query, never its parameters or the quoted value', async () => {
    const { database, dispose } = await openTestDatabase();
    try {
      const secret = 'maya.private@example.com';
      const err = await database.db.execute(sql`select ${secret}::uuid`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      const logged = JSON.stringify(loggableError(err));
      expect(logged).not.toContain('maya.private');
      expect(logged).toContain('select $1::uuid');
      expect(logged).toContain('22P02');
    } finally {
      await dispose();
    }
  });

  it('keeps the message and frames of an ordinary error', () => {
    const logged = loggableError(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(logged.stack).toMatch(/^\s+at /);
  });
});

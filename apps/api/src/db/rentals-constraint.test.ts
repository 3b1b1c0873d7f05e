import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import { createItem, createRental, createUser, insertCategories } from '../test/factories.ts';
import type { Database } from './database.ts';

let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await insertCategories(database.db);
});
afterAll(async () => dispose?.());

/** The Postgres error code behind a failed Drizzle query. */
async function pgCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

describe('rentals exclusion constraint', () => {
  it('refuses a second active rental of an item on any shared day', async () => {
    const db = database.db;
    const owner = await createUser(db);
    const renter = await createUser(db);
    const item = await createItem(db, owner.id);
    await createRental(db, item, renter.id, 10, 3); // days 10..12
    expect(await pgCode(createRental(db, item, renter.id, 12, 2))).toBe('23P01');
    expect(await pgCode(createRental(db, item, renter.id, 8, 3))).toBe('23P01');
    expect(await pgCode(createRental(db, item, renter.id, 11, 1))).toBe('23P01');
    // Adjacent days are fine, and so is another item on the same days.
    expect(await pgCode(createRental(db, item, renter.id, 13, 2))).toBeUndefined();
    expect(await pgCode(createRental(db, item, renter.id, 7, 3))).toBeUndefined();
    const other = await createItem(db, owner.id);
    expect(await pgCode(createRental(db, other, renter.id, 10, 3))).toBeUndefined();
  });

  it('lets returned and cancelled rentals stop blocking', async () => {
    const db = database.db;
    const owner = await createUser(db);
    const renter = await createUser(db);
    const item = await createItem(db, owner.id);
    await createRental(db, item, renter.id, 20, 3, { returned: true });
    await createRental(db, item, renter.id, 20, 3, { cancelledAt: new Date() });
    expect(await pgCode(createRental(db, item, renter.id, 20, 3))).toBeUndefined();
  });

  it('refuses end before start and renting your own item', async () => {
    const db = database.db;
    const owner = await createUser(db);
    const item = await createItem(db, owner.id);
    expect(await pgCode(createRental(db, item, owner.id, 30, 1))).toBe('23514');
    const renter = await createUser(db);
    expect(await pgCode(createRental(db, item, renter.id, 30, 0))).toBe('23514');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { WheelbarrowCheckResponse } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';
import { BOOKED_BY_YOU_MESSAGE } from './wheelbarrow-check.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const d = (n: number) => addDays(todayInLondon(), n);
let renter: { cookie: string };
let other: { cookie: string };
let drill: { id: string };

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  renter = await createSignedInUser(ctx.app, mailer, 'tab-one@example.com', 'Tess Tab');
  other = await createSignedInUser(ctx.app, mailer, 'other@example.com', 'Otto Other');
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/address',
    payload: { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
    headers: { cookie: renter.cookie, origin: 'http://localhost:3000' },
  });
  const owner = await createUser(ctx.database.db, { name: 'Olive Owner' });
  drill = await createItem(ctx.database.db, owner.id, { name: 'Cordless Drill', dailyRatePence: 1250, minDays: 1, maxDays: 7 });
});
afterAll(async () => ctx?.close());

const check = async (cookie: string | undefined, line: { itemId: string; startDate: string; endDate: string }) => {
  const res = await post(ctx.app, '/api/wheelbarrow/check', { lines: [line] }, cookie ? { cookie } : {});
  expect(res.statusCode).toBe(200);
  return (res.json() as WheelbarrowCheckResponse).lines[0]!;
};

describe('a wheelbarrow line the asker has just booked', () => {
  it('is recognised as theirs, not blamed on someone else; others still see the dates as taken', async () => {
    const line = { itemId: drill.id, startDate: d(10), endDate: d(12) };
    const booked = await post(
      ctx.app,
      '/api/checkout',
      { lines: [line], card: { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Tess Tab' }, idempotencyKey: randomUUID() },
      { cookie: renter.cookie },
    );
    expect(booked.statusCode).toBe(201);

    const mine = await check(renter.cookie, line);
    expect(mine).toMatchObject({ state: 'unavailable', bookedByYou: true, message: BOOKED_BY_YOU_MESSAGE });

    const theirs = await check(other.cookie, line);
    expect(theirs.state).toBe('unavailable');
    expect(theirs.bookedByYou).toBeUndefined();
    expect(theirs.message).toBe('Someone has booked some of these dates. Please choose new dates.');

    const visitor = await check(undefined, line);
    expect(visitor.bookedByYou).toBeUndefined();
  });

  it('other dates overlapping the booking are still someone-has-booked for the same renter', async () => {
    const overlapping = await check(renter.cookie, { itemId: drill.id, startDate: d(11), endDate: d(14) });
    expect(overlapping.state).toBe('unavailable');
    expect(overlapping.bookedByYou).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, INSTANT_ALERTS_PER_HOUR, type SavedSearchesPage } from '@toolshed/core/contract';
import { queryRows } from '../../db/query-rows.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
type Member = { cookie: string; user: { id: string } };
let olive: Member;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: Member, payload?: object) =>
  ctx.app.inject({ method, url, headers: { origin: ORIGIN, cookie: who.cookie }, ...(payload ? { payload } : {}) });
const washer = (n: number) => ({
  name: `Pressure washer ${n}`,
  description: 'Petrol, 150 bar, with a patio cleaner.',
  dailyRatePence: 1800,
  categoryId: 'cleaning-equipment',
  minDays: 1,
  maxDays: 7,
  address: '12 Elm Road',
  city: 'Leeds',
  postcode: 'LS6 2AB',
  available: true,
});
async function listAndMatch(n: number): Promise<string> {
  const res = await send('POST', '/api/items', olive, washer(n));
  expect(res.statusCode, res.body).toBe(201);
  await ctx.app.jobs.runDue();
  return (res.json() as { id: string }).id;
}
async function memberSaving(email: string, name: string): Promise<Member> {
  const member = await createSignedInUser(ctx.app, mailer, email, name);
  const res = await send('POST', '/api/me/saved-searches', member, { categoryId: 'all', search: 'pressure washer', frequency: 'instant' });
  expect(res.statusCode, res.body).toBe(201);
  return member;
}
const toldOf = async (who: Member, itemId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from notifications where user_id = ${who.user.id} and kind = 'search.alert' and item_id = ${itemId}`,
    )
  )[0]!.n;
const emailsTo = (to: string) => mailer.sent.filter((m) => m.to === to && m.headers?.['List-Unsubscribe']).length;

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  olive = await createSignedInUser(ctx.app, mailer, 'olive-cap@example.com', 'Olive Owner');
});
afterAll(async () => ctx?.close());

describe('the hourly cap on instant alerts', () => {
  it('holds back, in one listing, only the members already at the cap, telling the others at once', async () => {
    const busy = await memberSaving('busy-cap@example.com', 'Bea Busy');
    const alsoBusy = await memberSaving('also-busy-cap@example.com', 'Al Busy');
    for (let n = 1; n <= INSTANT_ALERTS_PER_HOUR; n++) await listAndMatch(n);
    expect(emailsTo('busy-cap@example.com')).toBe(INSTANT_ALERTS_PER_HOUR);
    const fresh = await memberSaving('fresh-cap@example.com', 'Fay Fresh');
    const quiet = await memberSaving('quiet-cap@example.com', 'Quinn Quiet');
    // Quinn's email notifications are off: told in the app only, and still not held.
    expect(
      (await send('PUT', '/api/me/notification-preferences', quiet, { ...DEFAULT_NOTIFICATION_PREFERENCES, email: false })).statusCode,
    ).toBe(200);

    const last = await listAndMatch(INSTANT_ALERTS_PER_HOUR + 1);
    expect([await toldOf(busy, last), await toldOf(alsoBusy, last), await toldOf(fresh, last), await toldOf(quiet, last)]).toEqual([
      0, 0, 1, 1,
    ]);
    expect([emailsTo('busy-cap@example.com'), emailsTo('fresh-cap@example.com'), emailsTo('quiet-cap@example.com')]).toEqual([
      INSTANT_ALERTS_PER_HOUR,
      1,
      0,
    ]);
    // The busy members' match of it waits for the morning digest; the others' is kept as sent.
    const kept = await queryRows<{ userId: string; unsent: boolean }>(
      ctx.database.db,
      sql`select s.user_id as "userId", h.sent_at is null as unsent from saved_search_hits h join saved_searches s on s.id = h.search_id
           where h.item_id = ${last} order by s.user_id`,
    );
    const unsentOf = new Map(kept.map((k) => [k.userId, k.unsent]));
    expect([busy, alsoBusy, fresh, quiet].map((m) => unsentOf.get(m.user.id))).toEqual([true, true, false, false]);
    for (const member of [busy, alsoBusy]) {
      const page = (await send('GET', '/api/me/saved-searches', member)).json<SavedSearchesPage>();
      expect(page.searches[0]!.newMatches).toBe(1);
    }
  });
});

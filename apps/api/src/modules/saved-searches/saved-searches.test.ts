import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  INSTANT_ALERTS_PER_HOUR,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_EMPTY_MESSAGE,
  SAVED_SEARCHES_LIMIT_MESSAGE,
  type SavedSearch,
  type SavedSearchesPage,
} from '@toolshed/core/contract';
import { queryRows } from '../../db/query-rows.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { insertCategories } from '../../test/factories.ts';
import { matchKeysOf } from './saved-searches-repository.ts';
import { DIGEST_JOB } from './search-alerts.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
type Member = { cookie: string; user: { id: string } };
let olive: Member;
let maya: Member;
let sam: Member;

const listing = {
  name: 'Aluminium step ladder',
  description: 'Six treads, folds flat, 150 kg rating.',
  dailyRatePence: 800,
  categoryId: 'diy-hand-tools',
  minDays: 1,
  maxDays: 7,
  address: '12 Elm Road',
  city: 'Leeds',
  postcode: 'LS6 2AB',
  available: true,
};

const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who?: Member, payload?: object) =>
  ctx.app.inject({ method, url, headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) }, ...(payload ? { payload } : {}) });
const saveSearch = (who: Member, body: object) => send('POST', '/api/me/saved-searches', who, body);
const searchesOf = async (who: Member) => (await send('GET', '/api/me/saved-searches', who)).json<SavedSearchesPage>();
const list = async (who: Member, item: object) => {
  const res = await send('POST', '/api/items', who, { ...listing, ...item });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};
const alertsOf = async (userId: string) =>
  queryRows<{ title: string; link: string; item_id: string | null }>(
    ctx.database.db,
    sql`select title, link, item_id from notifications where user_id = ${userId} and kind = 'search.alert' order by created_at, id`,
  );
const emailsTo = (to: string) => mailer.sent.filter((m) => m.to === to && m.headers?.['List-Unsubscribe']);

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  olive = await createSignedInUser(ctx.app, mailer, 'olive-alerts@example.com', 'Olive Owner');
  maya = await createSignedInUser(ctx.app, mailer, 'maya-alerts@example.com', 'Maya Patel');
  sam = await createSignedInUser(ctx.app, mailer, 'sam-alerts@example.com', 'Sam Lee');
});
afterAll(async () => ctx?.close());

describe('matchKeysOf', () => {
  it('reads the lexemes of a tsquery, a prefix marked', () => {
    expect(matchKeysOf("'ladder' | 'ladder':A | 'lad':* & ( 'step' <-> 'stool' ) | 'o''brien'")).toEqual([
      'ladder',
      'lad*',
      'step',
      'stool',
      "o'brien",
    ]);
  });
});

describe('saved searches', () => {
  it('saves the browse with a name of its own, the place found, and lists it', async () => {
    const res = await saveSearch(maya, { categoryId: 'all', search: 'ladders', near: 'LS6 2AB', radius: '5', frequency: 'instant' });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<SavedSearch>();
    expect(saved).toMatchObject({
      search: 'ladders',
      categoryId: 'all',
      radiusMiles: 5,
      frequency: 'instant',
      paused: false,
      newMatches: 0,
    });
    expect(saved.name).toMatch(/^Ladders near /);
    expect(saved.path).toBe('/category/all?search=ladders&near=LS6+2AB&radius=5');
    expect((await searchesOf(maya)).searches.map((s) => s.id)).toEqual([saved.id]);
  });

  it('refuses an empty search, bad filters and a category that does not exist, saving nothing', async () => {
    const empty = await saveSearch(maya, { categoryId: 'all' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(SAVED_SEARCH_EMPTY_MESSAGE);
    const price = await saveSearch(maya, { categoryId: 'all', search: 'drill', maxPrice: 'lots' });
    expect(price.statusCode).toBe(400);
    expect(price.json().error.field).toBe('maxPrice');
    const category = await saveSearch(maya, { categoryId: 'spaceships', search: 'drill' });
    expect(category.statusCode).toBe(400);
    const signedOut = await send('POST', '/api/me/saved-searches', undefined, { categoryId: 'all', search: 'drill' });
    expect(signedOut.statusCode).toBe(401);
    expect((await searchesOf(maya)).total).toBe(1);
  });

  it("answers 404 for another member's search: not listed, changed or deleted", async () => {
    const [mine] = (await searchesOf(maya)).searches;
    expect((await searchesOf(sam)).searches).toEqual([]);
    expect((await send('PATCH', `/api/me/saved-searches/${mine!.id}`, sam, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/me/saved-searches/${mine!.id}`, sam)).statusCode).toBe(404);
    expect((await searchesOf(maya)).searches[0]!.name).toBe(mine!.name);
  });

  it('alerts at once for a new listing that matches, in the app and by email with a one-click unsubscribe; never for one that does not', async () => {
    const ladder = await list(olive, {});
    await list(olive, { name: 'Hedge trimmer', description: 'Cordless, 50 cm blade.', categoryId: 'garden-tools' });
    // Far away: Bristol is not within 5 miles of Leeds.
    await list(olive, { name: 'Extension ladder', city: 'Bristol', postcode: 'BS1 4DJ', address: '1 Quay Street' });
    await ctx.app.jobs.runDue();
    const alerts = await alertsOf(maya.user.id);
    expect(alerts).toEqual([
      {
        title: 'New for "Ladders near ' + alerts[0]!.title.split('near ')[1],
        link: `/category/diy-hand-tools/item/${ladder}`,
        item_id: ladder,
      },
    ]);
    expect(alerts[0]!.title).toContain('Aluminium step ladder');
    const [email] = emailsTo('maya-alerts@example.com');
    expect(email!.text).toContain('Aluminium step ladder, £8.00 a day in Leeds');
    expect(email!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(email!.headers!['List-Unsubscribe']).toMatch(/^<http.*\/api\/saved-searches\/unsubscribe\/[A-Za-z0-9_-]+>$/);
    expect(email!.text).toMatch(/Stop alerts for this search: http\S+\/alerts\/stop\/[A-Za-z0-9_-]+/);
    // The owner is never alerted to their own listing, and the same item never twice.
    await ctx.app.jobs.runDue();
    expect(await alertsOf(maya.user.id)).toHaveLength(1);
  });

  it('matches an item listed again after being unlisted, once', async () => {
    const res = await saveSearch(sam, { categoryId: 'garden-tools', frequency: 'instant' });
    expect(res.statusCode, res.body).toBe(201);
    const hidden = await list(olive, { name: 'Leaf blower', description: 'Petrol.', categoryId: 'garden-tools', available: false });
    await ctx.app.jobs.runDue();
    expect(await alertsOf(sam.user.id)).toEqual([]);
    const shown = await send('PUT', `/api/items/${hidden}`, olive, {
      ...listing,
      name: 'Leaf blower',
      description: 'Petrol.',
      categoryId: 'garden-tools',
      available: true,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect((await alertsOf(sam.user.id)).map((a) => a.item_id)).toEqual([hidden]);
  });

  it('stops one search by its email link with no session, leaving the others running', async () => {
    const other = await saveSearch(maya, { categoryId: 'all', search: 'trimmer', frequency: 'instant' });
    expect(other.statusCode).toBe(201);
    const [email] = emailsTo('maya-alerts@example.com');
    const url = new URL(email!.headers!['List-Unsubscribe']!.slice(1, -1));
    const res = await ctx.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stopped: true });
    const again = await ctx.app.inject({ method: 'POST', url: url.pathname });
    expect(again.json()).toMatchObject({ stopped: false });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/saved-searches/unsubscribe/not-a-real-token-at-all' })).statusCode).toBe(404);
    const searches = (await searchesOf(maya)).searches;
    expect(searches.find((s) => s.search === 'ladders')!.paused).toBe(true);
    expect(searches.find((s) => s.search === 'trimmer')!.paused).toBe(false);
    // A paused search hears of nothing; the running one does.
    await list(olive, { name: 'Telescopic ladder' });
    const trimmer = await list(olive, { name: 'Cordless trimmer', description: 'For hedges.', categoryId: 'garden-tools' });
    await ctx.app.jobs.runDue();
    const titles = (await alertsOf(maya.user.id)).map((a) => a.title);
    expect(titles.filter((t) => t.includes('Telescopic'))).toEqual([]);
    expect((await alertsOf(maya.user.id)).filter((a) => a.item_id === trimmer)).toHaveLength(1);
  });

  it('gathers a daily search into one morning digest per search', async () => {
    const daily = await saveSearch(sam, { categoryId: 'all', search: 'pressure washer', maxPrice: '30', frequency: 'daily' });
    expect(daily.statusCode, daily.body).toBe(201);
    await list(olive, {
      name: 'Pressure washer 2000W',
      description: 'With patio cleaner.',
      categoryId: 'cleaning-equipment',
      dailyRatePence: 2500,
    });
    await list(olive, { name: 'Petrol pressure washer', description: 'Big jobs.', categoryId: 'cleaning-equipment', dailyRatePence: 2800 });
    await list(olive, {
      name: 'Industrial pressure washer',
      description: 'Too dear.',
      categoryId: 'cleaning-equipment',
      dailyRatePence: 9000,
    });
    await ctx.app.jobs.runDue();
    const waiting = (await searchesOf(sam)).searches.find((s) => s.frequency === 'daily')!;
    expect(waiting.newMatches).toBe(2);
    expect((await alertsOf(sam.user.id)).filter((a) => a.title.includes('pressure'))).toEqual([]);
    // The morning's run, as the daily schedule enqueues it.
    await ctx.app.jobs.enqueue(DIGEST_JOB, { date: 'a-test-morning' }, { key: `${DIGEST_JOB}@a-test-morning` });
    await ctx.app.jobs.runDue();
    const digest = (await alertsOf(sam.user.id)).filter((a) => /new matches/.test(a.title));
    expect(digest).toEqual([{ title: `2 new matches for "${waiting.name}"`, link: waiting.path, item_id: null }]);
    expect((await searchesOf(sam)).searches.find((s) => s.frequency === 'daily')!.newMatches).toBe(0);
  });

  it('never alerts of a listing by a member blocked either way', async () => {
    const res = await saveSearch(maya, { categoryId: 'all', search: 'wheelbarrow', frequency: 'instant' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await send('POST', `/api/me/blocks/${maya.user.id}`, olive)).statusCode).toBeLessThan(300);
    const blocked = await list(olive, { name: 'Garden wheelbarrow', description: 'Big wheel.', categoryId: 'garden-tools' });
    await ctx.app.jobs.runDue();
    expect((await alertsOf(maya.user.id)).filter((a) => a.item_id === blocked)).toEqual([]);
    expect((await send('DELETE', `/api/me/blocks/${maya.user.id}`, olive)).statusCode).toBeLessThan(300);
    const after = await list(olive, { name: 'Steel wheelbarrow', description: 'Strong.', categoryId: 'garden-tools' });
    await ctx.app.jobs.runDue();
    expect((await alertsOf(maya.user.id)).filter((a) => a.item_id === after)).toHaveLength(1);
  });

  it('tells a member once of a listing that answers several of their instant searches, naming how many', async () => {
    const nia = await createSignedInUser(ctx.app, mailer, 'nia-alerts@example.com', 'Nia Twice');
    expect((await saveSearch(nia, { categoryId: 'all', search: 'log splitter', frequency: 'instant' })).statusCode).toBe(201);
    expect((await saveSearch(nia, { categoryId: 'garden-tools', frequency: 'instant' })).statusCode).toBe(201);
    const splitter = await list(olive, { name: 'Hydraulic log splitter', description: 'Splits logs.', categoryId: 'garden-tools' });
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const alerts = (await alertsOf(nia.user.id)).filter((a) => a.item_id === splitter);
    expect(alerts).toHaveLength(1);
    const emails = emailsTo('nia-alerts@example.com');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('and 1 more of your saved search.');
    // Both matches are kept as sent: neither waits for a digest nor alerts again.
    const [kept] = await queryRows<{ n: number; unsent: number }>(
      ctx.database.db,
      sql`select count(*)::int as n, count(*) filter (where sent_at is null)::int as unsent from saved_search_hits where item_id = ${splitter}
            and search_id in (select id from saved_searches where user_id = ${nia.user.id})`,
    );
    expect(kept).toEqual({ n: 2, unsent: 0 });
  });

  it(`tells a member at once of at most ${INSTANT_ALERTS_PER_HOUR} listings an hour and keeps the rest for the morning digest`, async () => {
    const ravi = await createSignedInUser(ctx.app, mailer, 'ravi-alerts@example.com', 'Ravi Busy');
    const res = await saveSearch(ravi, { categoryId: 'all', search: 'cement mixer', frequency: 'instant' });
    expect(res.statusCode, res.body).toBe(201);
    const mixers: string[] = [];
    for (let n = 1; n <= INSTANT_ALERTS_PER_HOUR + 2; n++) {
      mixers.push(await list(olive, { name: `Cement mixer ${n}`, description: 'Electric drum.', categoryId: 'diy-hand-tools' }));
      await ctx.app.jobs.runDue();
    }
    const told = (await alertsOf(ravi.user.id)).filter((a) => a.item_id !== null);
    expect(told.map((a) => a.item_id)).toEqual(mixers.slice(0, INSTANT_ALERTS_PER_HOUR));
    expect(emailsTo('ravi-alerts@example.com')).toHaveLength(INSTANT_ALERTS_PER_HOUR);
    const search = (await searchesOf(ravi)).searches[0]!;
    expect(search.newMatches).toBe(2);
    await ctx.app.jobs.enqueue(DIGEST_JOB, { date: 'a-busy-morning' }, { key: `${DIGEST_JOB}@a-busy-morning` });
    await ctx.app.jobs.runDue();
    const digest = (await alertsOf(ravi.user.id)).filter((a) => a.item_id === null);
    expect(digest).toEqual([{ title: `2 new matches for "${search.name}"`, link: search.path, item_id: null }]);
    expect((await searchesOf(ravi)).searches[0]!.newMatches).toBe(0);
  });

  it('renames, pauses and deletes, and keeps at most the limit', async () => {
    const [first] = (await searchesOf(sam)).searches;
    const renamed = await send('PATCH', `/api/me/saved-searches/${first!.id}`, sam, { name: 'Washers', frequency: 'instant' });
    expect(renamed.json()).toMatchObject({ name: 'Washers', frequency: 'instant' });
    expect((await send('PATCH', `/api/me/saved-searches/${first!.id}`, sam, {})).statusCode).toBe(400);
    expect((await send('DELETE', `/api/me/saved-searches/${first!.id}`, sam)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/me/saved-searches/${first!.id}`, sam)).statusCode).toBe(404);
    const have = (await searchesOf(sam)).total;
    for (let n = have; n < MAX_SAVED_SEARCHES; n++)
      expect((await saveSearch(sam, { categoryId: 'all', search: `drill ${n}` })).statusCode).toBe(201);
    const over = await saveSearch(sam, { categoryId: 'all', search: 'one too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(SAVED_SEARCHES_LIMIT_MESSAGE);
  });
});

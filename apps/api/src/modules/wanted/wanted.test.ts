import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  lineTotalPence,
  todayInLondon,
  WANTED_NOT_OPEN_MESSAGE,
  WANTED_OPEN_LIMIT_MESSAGE,
  WANTED_PER_DAY_MESSAGE,
} from '@toolshed/core';
import type { WantedPage, WantedPost } from '@toolshed/core/contract';
import { queryRows } from '../../db/query-rows.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { insertCategories } from '../../test/factories.ts';
import { LEEDS_LADDER, wantedLadder, wantedKit, type Member } from './wanted-test-kit.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let maya: Member; // asks
let olive: Member; // a ladder near Leeds
let sam: Member; // a step stool named 'ladder' in another category, near Leeds
let pat: Member; // a hedge trimmer near Leeds: neither the category nor the words
let bea: Member; // a ladder in Bristol: too far
let kim: Member;
let clock = new Date('2026-12-03T10:00:00Z');
const today = () => todayInLondon(clock);
const kit = wantedKit(() => ctx);
const { send } = kit;
const list = (who: Member, item: object = {}) => kit.list(who, { weeklyRatePence: 4000, ...item });
const ask = (who: Member, body: object = {}) =>
  send('POST', '/api/wanted', who, {
    ...wantedLadder(today()),
    details: 'To clear the gutters before the rain.',
    maxPrice: '12.50',
    ...body,
  });
const posted = async (who: Member, body: object = {}) => {
  const res = await ask(who, body);
  expect(res.statusCode, res.body).toBe(201);
  // A minute between posts, so newest first has one order.
  clock = new Date(clock.getTime() + 60_000);
  return res.json<WantedPost>();
};
const noticesOf = (userId: string, kind: string) =>
  queryRows<{ title: string; body: string; link: string }>(
    ctx.database.db,
    sql`select title, body, link from notifications where user_id = ${userId} and kind = ${kind} order by created_at, id`,
  );
const postCount = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from wanted_posts`))[0]!.n;

let ladderId: string;
let post: WantedPost;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
  maya = await createSignedInUser(ctx.app, mailer, 'maya-wanted@example.com', 'Maya Patel');
  olive = await createSignedInUser(ctx.app, mailer, 'olive-wanted@example.com', 'Olive Owner');
  sam = await createSignedInUser(ctx.app, mailer, 'sam-wanted@example.com', 'Sam Lee');
  pat = await createSignedInUser(ctx.app, mailer, 'pat-wanted@example.com', 'Pat Green');
  bea = await createSignedInUser(ctx.app, mailer, 'bea-wanted@example.com', 'Bea Bristol');
  kim = await createSignedInUser(ctx.app, mailer, 'kim-wanted@example.com', 'Kim Park');
  ladderId = await list(olive);
  await list(sam, { name: 'Folding ladder stool', categoryId: 'cleaning-equipment' });
  await list(pat, { name: 'Hedge trimmer', description: 'Cordless, 50 cm blade.', categoryId: 'garden-tools' });
  await list(bea, { name: 'Extension ladder', city: 'Bristol', postcode: 'BS1 4DJ', address: '1 Quay Street' });
  // The author's own ladder, next door: never told of their own post.
  await list(maya, { name: 'Tall ladder', address: '3 Elm Road' });
});
afterAll(async () => ctx?.close());

describe('writing a wanted post', () => {
  it('refuses bad input with a message naming the field, and saves nothing', async () => {
    const cases: [object, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(81) }, 'title'],
      [{ details: 'x'.repeat(1001) }, 'details'],
      [{ categoryId: 'spaceships' }, 'categoryId'],
      [{ radius: '7' }, 'radius'],
      [{ near: '??' }, 'near'],
      [{ startDate: addDays(today(), -1) }, 'startDate'],
      [{ endDate: addDays(today(), 1) }, 'endDate'],
      [{ startDate: addDays(today(), 50), endDate: addDays(today(), 61) }, 'endDate'],
      [{ startDate: today(), endDate: addDays(today(), 30) }, 'endDate'],
      [{ maxPrice: 'lots' }, 'maxPrice'],
    ];
    for (const [body, field] of cases) {
      const res = await ask(maya, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json().error;
      expect(error.message).toBeTruthy();
      if (error.field !== undefined) expect(error.field).toBe(field);
      else expect(field).toMatch(/title|details/);
    }
    expect((await send('POST', '/api/wanted', undefined, {})).statusCode).toBe(401);
    expect(await postCount()).toBe(0);
  });

  it('saves the post with the place as a district only: no address or point in the answer', async () => {
    post = await posted(maya);
    expect(post).toMatchObject({
      title: 'Ladder for the weekend',
      categoryId: 'diy-hand-tools',
      placeLabel: 'LS6',
      radiusMiles: 5,
      maxPricePence: 1250,
      status: 'open',
      authorName: 'Maya',
      mine: true,
      offerCount: 0,
    });
    const text = JSON.stringify(post);
    expect(text).not.toMatch(/LS6 2AB|Elm Road|latitude|longitude|Patel/);
  });
});

describe('owners told of a new post', () => {
  it('tells owners near it with an item in its category or named by its words, not the far one, not the author', async () => {
    await ctx.app.jobs.runDue();
    const [told] = await noticesOf(olive.user.id, 'wanted.nearby');
    expect(told).toMatchObject({ title: 'Maya near LS6 wants: Ladder for the weekend', link: `/wanted/${post.id}` });
    expect(told!.body).toContain('Your Aluminium step ladder is');
    expect(await noticesOf(sam.user.id, 'wanted.nearby')).toHaveLength(1);
    expect(await noticesOf(pat.user.id, 'wanted.nearby')).toHaveLength(0);
    expect(await noticesOf(bea.user.id, 'wanted.nearby')).toHaveLength(0);
    expect(await noticesOf(maya.user.id, 'wanted.nearby')).toHaveLength(0);
    const emails = mailer.sent.filter((m) => m.to === 'olive-wanted@example.com' && m.subject === told!.title);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`/wanted/${post.id}`);
  });

  it('tells a post with no category to every owner near it', async () => {
    const any = await posted(kim, { title: 'Something to cut a hedge', categoryId: 'all' });
    await ctx.app.jobs.runDue();
    const told = await noticesOf(pat.user.id, 'wanted.nearby');
    expect(told.map((n) => n.link)).toEqual([`/wanted/${any.id}`]);
    expect((await noticesOf(bea.user.id, 'wanted.nearby')).length).toBe(0);
  });

  it('tells an owner at most 3 times a London day, and a member may write at most 3 posts a day', async () => {
    await posted(maya, { title: 'Ladder again' });
    await posted(maya, { title: 'Another ladder' });
    const fourth = await ask(maya, { title: 'One ladder too many' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(WANTED_PER_DAY_MESSAGE);
    await posted(sam, { title: 'Ladder, please' });
    await ctx.app.jobs.runDue();
    // Olive: Maya's three and Kim's (no category) would be four; Sam's is the fifth. Three are sent.
    expect(await noticesOf(olive.user.id, 'wanted.nearby')).toHaveLength(3);
    // Pat: only Kim's post (no category) and none of the ladders.
    expect(await noticesOf(pat.user.id, 'wanted.nearby')).toHaveLength(1);
  });
});

describe('offers', () => {
  it('lets an owner offer a listed item of theirs once; the author is told and sees it priced for the dates', async () => {
    const seen = (await send('GET', `/api/wanted/${post.id}`, olive)).json<WantedPost>();
    expect(seen.offers).toBeUndefined();
    expect(seen.mine).toBe(false);
    expect(seen.yourItems).toEqual([expect.objectContaining({ itemId: ladderId, name: 'Aluminium step ladder', offered: false })]);
    expect(JSON.stringify(seen)).not.toMatch(/Elm Road|LS6 2AB|latitude/);

    const offered = await send('POST', `/api/wanted/${post.id}/offers`, olive, { itemId: ladderId });
    expect(offered.statusCode, offered.body).toBe(204);
    expect((await send('POST', `/api/wanted/${post.id}/offers`, olive, { itemId: ladderId })).statusCode).toBe(409);
    // Someone else's item, or one's own post: refused.
    expect((await send('POST', `/api/wanted/${post.id}/offers`, sam, { itemId: ladderId })).statusCode).toBe(404);
    expect((await send('POST', `/api/wanted/${post.id}/offers`, maya, { itemId: ladderId })).statusCode).toBe(409);
    await ctx.app.jobs.runDue();

    const [notice] = await noticesOf(maya.user.id, 'wanted.offer');
    expect(notice!.title).toBe("Olive offered their Aluminium step ladder for your wanted post 'Ladder for the weekend'");
    const mine = (await send('GET', `/api/wanted/${post.id}`, maya)).json<WantedPost>();
    expect(mine.offerCount).toBe(1);
    expect(mine.offers).toEqual([
      expect.objectContaining({
        itemId: ladderId,
        itemName: 'Aluminium step ladder',
        ownerName: 'Olive',
        dailyRatePence: 800,
        totalPence: lineTotalPence(800, 3, 4000),
      }),
    ]);
    expect(mine.offers![0]!.distanceMiles).toBeLessThan(1);
    expect(JSON.stringify(mine)).not.toMatch(/Elm Road|LS6 2AB|latitude|Owner/);
  });

  it('answers 404 to anyone but the author for closing, and shows them no offers', async () => {
    const other = (await send('GET', `/api/wanted/${post.id}`, sam)).json<WantedPost>();
    expect(other.offers).toBeUndefined();
    expect(other.offerCount).toBe(1);
    expect((await send('POST', `/api/wanted/${post.id}/close`, sam)).statusCode).toBe(404);
    expect((await send('GET', '/api/wanted/not-an-id', sam)).statusCode).toBe(404);
    expect((await send('GET', `/api/wanted/${post.id}`)).statusCode).toBe(401);
    expect((await send('GET', `/api/wanted/${post.id}`, maya)).json<WantedPost>().status).toBe('open');
  });

  it('drops an offered item that is deleted from the offers', async () => {
    const res = await send('DELETE', `/api/items/${ladderId}`, olive);
    expect(res.statusCode, res.body).toBe(204);
    const mine = (await send('GET', `/api/wanted/${post.id}`, maya)).json<WantedPost>();
    expect(mine.offers).toEqual([]);
    expect(mine.offerCount).toBe(0);
  });
});

describe('an unlisted item', () => {
  it('drops out of the offers while it is not listed', async () => {
    const stool = (await queryRows<{ id: string }>(ctx.database.db, sql`select id from items where owner_id = ${sam.user.id}`))[0]!.id;
    expect((await send('POST', `/api/wanted/${post.id}/offers`, sam, { itemId: stool })).statusCode).toBe(204);
    expect((await send('GET', `/api/wanted/${post.id}`, maya)).json<WantedPost>().offers!.map((o) => o.itemId)).toEqual([stool]);
    const unlisted = await send('PUT', `/api/items/${stool}`, sam, {
      ...LEEDS_LADDER,
      weeklyRatePence: 4000,
      name: 'Folding ladder stool',
      categoryId: 'cleaning-equipment',
      available: false,
    });
    expect(unlisted.statusCode, unlisted.body).toBe(200);
    const mine = (await send('GET', `/api/wanted/${post.id}`, maya)).json<WantedPost>();
    expect(mine.offers).toEqual([]);
    expect(mine.offerCount).toBe(0);
    // Nor can it be offered again until it is listed.
    expect((await send('POST', `/api/wanted/${post.id}/offers`, sam, { itemId: stool })).statusCode).toBe(409);
  });
});

describe('listing, closing and expiry', () => {
  it('lists open posts near a place for owners, nearest first, and the member their own', async () => {
    const near = (await send('GET', '/api/wanted?near=Leeds&radius=10', olive)).json<WantedPage>();
    expect(near.total).toBe(5);
    expect(near.posts.every((p) => p.status === 'open' && typeof p.distanceMiles === 'number')).toBe(true);
    const far = (await send('GET', '/api/wanted?near=Bristol&radius=10', olive)).json<WantedPage>();
    expect(far.total).toBe(0);
    const mine = (await send('GET', '/api/me/wanted', maya)).json<WantedPage>();
    expect(mine.posts.map((p) => p.title)).toEqual(['Another ladder', 'Ladder again', 'Ladder for the weekend']);
    expect((await send('GET', '/api/me/wanted', olive)).json<WantedPage>().total).toBe(0);
    expect((await send('GET', '/api/wanted?radius=7', olive)).statusCode).toBe(400);
  });

  it('closes a post for its author: no longer listed nor answerable', async () => {
    const closed = await send('POST', `/api/wanted/${post.id}/close`, maya);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<WantedPost>().status).toBe('closed');
    const near = (await send('GET', '/api/wanted?near=Leeds', olive)).json<WantedPage>();
    expect(near.posts.map((p) => p.id)).not.toContain(post.id);
    const stool = (await send('GET', `/api/wanted/${post.id}`, sam)).json<WantedPost>();
    expect(stool.yourItems).toBeUndefined();
    const samItem = (await queryRows<{ id: string }>(ctx.database.db, sql`select id from items where owner_id = ${sam.user.id}`))[0]!.id;
    const refused = await send('POST', `/api/wanted/${post.id}/offers`, sam, { itemId: samItem });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(WANTED_NOT_OPEN_MESSAGE);
  });

  it('expires a post after its end date by itself', async () => {
    clock = new Date(clock.getTime() + 5 * 86_400_000);
    const mine = (await send('GET', '/api/me/wanted', maya)).json<WantedPage>();
    expect(mine.posts.map((p) => p.status)).toEqual(['expired', 'expired', 'closed']);
    const trimmer = (await queryRows<{ id: string }>(ctx.database.db, sql`select id from items where owner_id = ${pat.user.id}`))[0]!.id;
    const late = await send('POST', `/api/wanted/${mine.posts[0]!.id}/offers`, pat, { itemId: trimmer });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(WANTED_NOT_OPEN_MESSAGE);
    expect((await send('GET', `/api/wanted/${mine.posts[0]!.id}`, pat)).json<WantedPost>().yourItems).toBeUndefined();
    expect((await send('GET', '/api/wanted', olive)).json<WantedPage>().total).toBe(0);
  });

  it('keeps at most 10 posts open at once', async () => {
    for (let day = 0; day < 4; day++) {
      for (let n = 0; n < (day < 3 ? 3 : 1); n++)
        await posted(kim, { startDate: addDays(today(), 20), endDate: addDays(today(), 40), title: `Post ${day}-${n}` });
      clock = new Date(clock.getTime() + 86_400_000);
    }
    const eleventh = await ask(kim, { startDate: addDays(today(), 20), endDate: addDays(today(), 40) });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.message).toBe(WANTED_OPEN_LIMIT_MESSAGE);
  });
});

describe('blocks', () => {
  it('keeps a post from a member either of them blocked: not told, not listed, not readable, no offers', async () => {
    expect((await send('POST', `/api/me/blocks/${pat.user.id}`, maya)).statusCode).toBeLessThan(300);
    const drill = await list(olive, { name: 'Hammer drill', categoryId: 'power-tools' });
    const asked = await posted(maya, { title: 'Anything for a shelf', categoryId: 'all' });
    await ctx.app.jobs.runDue();
    const toldOf = async (who: Member) => (await noticesOf(who.user.id, 'wanted.nearby')).filter((n) => n.link === `/wanted/${asked.id}`);
    expect(await toldOf(olive)).toHaveLength(1);
    expect(await toldOf(pat)).toHaveLength(0);
    expect((await send('GET', `/api/wanted/${asked.id}`, pat)).statusCode).toBe(404);
    expect((await send('GET', '/api/wanted?near=Leeds', pat)).json<WantedPage>().posts.map((p) => p.id)).not.toContain(asked.id);
    const trimmer = (await queryRows<{ id: string }>(ctx.database.db, sql`select id from items where owner_id = ${pat.user.id}`))[0]!.id;
    expect((await send('POST', `/api/wanted/${asked.id}/offers`, pat, { itemId: trimmer })).statusCode).toBe(404);
    expect((await send('POST', `/api/wanted/${asked.id}/offers`, olive, { itemId: drill })).statusCode).toBe(204);
    expect((await send('GET', `/api/wanted/${asked.id}`, maya)).json<WantedPost>().offers!.map((o) => o.itemId)).toEqual([drill]);
  });
});

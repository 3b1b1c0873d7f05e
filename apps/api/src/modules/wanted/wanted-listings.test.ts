import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayInLondon } from '@toolshed/core';
import type { WantedPost } from '@toolshed/core/contract';
import { queryRows } from '../../db/query-rows.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { insertCategories } from '../../test/factories.ts';
import { wantedLadder, wantedKit, type Member } from './wanted-test-kit.ts';

// A new listing answering an open wanted post: its author is told (the other way round from
// wanted.test.ts, where a new post is matched against listings).
let ctx: TestContext;
const mailer = createMemoryMailer();
let maya: Member; // asks for a ladder near LS6
let noah: Member; // asks for anything near LS6, at most £5 a day
let olive: Member; // lists near Leeds
let bea: Member; // lists in Bristol
const clock = new Date('2026-12-03T10:00:00Z');
const today = () => todayInLondon(clock);
const kit = wantedKit(() => ctx);

/** Lists an item (a Leeds ladder unless told otherwise) and runs the jobs it started. */
const list = async (who: Member, item: object) => {
  const id = await kit.list(who, { description: 'In good order.', ...item });
  await ctx.app.jobs.runDue();
  return id;
};
const ask = async (who: Member, body: object) => {
  const res = await kit.send('POST', '/api/wanted', who, { ...wantedLadder(today()), ...body });
  expect(res.statusCode, res.body).toBe(201);
  await ctx.app.jobs.runDue();
  return res.json<WantedPost>();
};
const toldOf = (who: Member) =>
  queryRows<{ title: string; body: string; link: string; groupKey: string }>(
    ctx.database.db,
    sql`select title, body, link, group_key as "groupKey" from notifications where user_id = ${who.user.id} and kind = 'wanted.listed' order by created_at, id`,
  );

let ladderPost: WantedPost;
let cheapPost: WantedPost;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
  maya = await createSignedInUser(ctx.app, mailer, 'maya-listed@example.com', 'Maya Patel');
  noah = await createSignedInUser(ctx.app, mailer, 'noah-listed@example.com', 'Noah King');
  olive = await createSignedInUser(ctx.app, mailer, 'olive-listed@example.com', 'Olive Owner');
  bea = await createSignedInUser(ctx.app, mailer, 'bea-listed@example.com', 'Bea Bristol');
  ladderPost = await ask(maya, {});
  cheapPost = await ask(noah, { title: 'Something to trim a hedge', categoryId: 'all', maxPrice: '5' });
});
afterAll(async () => ctx?.close());

describe('a new listing answering an open wanted post', () => {
  it("tells the post's author, in the app and by email, with a link to the item", async () => {
    const ladder = await list(olive, { name: 'Aluminium step ladder' });
    const [told, ...more] = await toldOf(maya);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      title: 'Just listed for your wanted post "Ladder for the weekend": Aluminium step ladder',
      link: `/category/diy-hand-tools/item/${ladder}`,
      groupKey: `wanted:${ladderPost.id}`,
    });
    expect(told!.body).toMatch(/^Olive listed Aluminium step ladder, £8\.00 a day, .* from LS6\./);
    expect(mailer.sent.filter((m) => m.to === 'maya-listed@example.com' && m.subject === told!.title)).toHaveLength(1);
    // Noah's post has no category and other words, and a price limit.
    expect(await toldOf(noah)).toEqual([]);
  });

  it('matches by the words of a post without a category, within its price', async () => {
    await list(olive, { name: 'Petrol hedge trimmer', categoryId: 'garden-tools', dailyRatePence: 1500 });
    expect(await toldOf(noah)).toEqual([]);
    await list(olive, { name: 'Cordless hedge trimmer', categoryId: 'garden-tools', dailyRatePence: 450 });
    expect((await toldOf(noah)).map((n) => n.title)).toEqual([
      'Just listed for your wanted post "Something to trim a hedge": Cordless hedge trimmer',
    ]);
  });

  it("never tells of one too far away, of the author's own listing, or across a block", async () => {
    await list(bea, { name: 'Extension ladder', city: 'Bristol', postcode: 'BS1 4DJ', address: '1 Quay Street' });
    await list(maya, { name: 'Tall ladder', address: '3 Elm Road' });
    expect(await toldOf(maya)).toHaveLength(1);
    expect((await kit.send('POST', `/api/me/blocks/${olive.user.id}`, maya)).statusCode).toBeLessThan(300);
    await list(olive, { name: 'Roof ladder' });
    expect(await toldOf(maya)).toHaveLength(1);
    expect((await kit.send('DELETE', `/api/me/blocks/${olive.user.id}`, maya)).statusCode).toBe(204);
  });

  it('tells a post of at most 3 listings a London day, and none once it is closed', async () => {
    for (const name of ['Step ladder two', 'Step ladder three', 'Step ladder four']) await list(olive, { name });
    // The first of the day plus two more: the fourth is not told (the clock stands still: sorted by name).
    expect((await toldOf(maya)).map((n) => n.title.replace(/.*: /, '')).sort()).toEqual([
      'Aluminium step ladder',
      'Step ladder three',
      'Step ladder two',
    ]);
    expect((await kit.send('POST', `/api/wanted/${cheapPost.id}/close`, noah)).statusCode).toBeLessThan(300);
    await list(olive, { name: 'Battery hedge trimmer', categoryId: 'garden-tools', dailyRatePence: 300 });
    expect(await toldOf(noah)).toHaveLength(1);
  });
});

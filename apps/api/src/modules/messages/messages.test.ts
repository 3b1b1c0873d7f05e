import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, createRental, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
type Person = { cookie: string; user: { id: string; email: string } };
let owner: Person;
let renter: Person;
let second: Person;
let stranger: Person;
let item: { id: string; ownerId: string };

const url = () => `/api/items/${item.id}/messages`;
const read = (who: Person, query = '') => ctx.app.inject({ method: 'GET', url: `${url()}${query}`, headers: { cookie: who.cookie } });
const send = (who: Person, content: string, withId?: string) =>
  post(ctx.app, url(), { content, ...(withId ? { with: withId } : {}) }, { cookie: who.cookie });

async function notificationsOf(userId: string) {
  return queryRows<{ kind: string; link: string }>(
    ctx.database.db,
    sql`select kind, link from notifications where user_id = ${userId} order by created_at`,
  );
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'owen@example.com', 'Owen Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rosa@example.com', 'Rosa Renter');
  second = await createSignedInUser(ctx.app, mailer, 'sam@example.com', 'Sam Second');
  stranger = await createSignedInUser(ctx.app, mailer, 'stan@example.com', 'Stan Stranger');
  item = await createItem(ctx.database.db, owner.user.id, { name: 'Hedge trimmer' });
});
afterAll(async () => ctx?.close());

describe('messages about an item', () => {
  it('accepts 500 characters, refuses 501 and blank ones, and changes nothing when refusing', async () => {
    const long = await send(renter, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ message: 'Messages can be at most 500 characters.', field: 'content' });
    const blank = await send(renter, '  \n ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Please write a message.');
    expect((await read(renter)).json().messages).toEqual([]);
    const ok = await send(renter, 'y'.repeat(500));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ senderId: renter.user.id, content: 'y'.repeat(500), isRead: false });
  });

  it.each([
    ['zero-width spaces (U+200B)', '\u200B\u200B\u200B'],
    ['no-break, em and ideographic spaces (U+00A0, U+2003, U+3000)', '\u00A0\u2003\u3000'],
    ['zero-width no-break space, non-joiner, joiner and word joiner (U+FEFF, U+200C, U+200D, U+2060)', '\uFEFF\u200C\u200D\u2060'],
  ])('refuses a message of only %s as blank and stores nothing', async (_name, content) => {
    const before = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from messages`);
    const blank = await send(renter, content);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({ code: 'VALIDATION', message: 'Please write a message.', field: 'content' });
    const after = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from messages`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('gives the owner one thread per person, and each renter only their own', async () => {
    await send(second, 'Is it free on Saturday?');
    await send(renter, 'Can I pick it up at 9?');
    const mine = (await read(renter)).json() as Conversation;
    expect(mine.you).toBe('renter');
    expect(mine.with).toEqual({ id: owner.user.id, name: 'Owen Owner' });
    expect(mine.messages.map((m) => m.content)).toEqual(['y'.repeat(500), 'Can I pick it up at 9?']);
    expect((await read(second)).json().messages.map((m: { content: string }) => m.content)).toEqual(['Is it free on Saturday?']);

    const list = (await read(owner)).json() as Conversation;
    expect(list.you).toBe('owner');
    expect(list.threads.map((t) => [t.with.name, t.unreadCount])).toEqual([
      ['Rosa Renter', 2],
      ['Sam Second', 1],
    ]);
    expect(list.messages).toEqual([]);
    expect(list.threadsTotal).toBe(2);
  });

  it("pages the owner's people, and the list is the owner's alone", async () => {
    const people = async (who: Person, query: string) =>
      ctx.app.inject({ method: 'GET', url: `${url()}/people${query}`, headers: who.cookie ? { cookie: who.cookie } : {} });
    const first = await people(owner, '?pageSize=1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 1, total: 2, people: [{ with: { name: 'Rosa Renter' }, unreadCount: 2 }] });
    const next = (await people(owner, '?page=2&pageSize=1')).json();
    expect(next.people.map((t: { with: { name: string } }) => t.with.name)).toEqual(['Sam Second']);
    // Past the end: nothing listed, the whole list still counted.
    expect((await people(owner, '?page=3&pageSize=1')).json()).toMatchObject({ people: [], total: 2, page: 3 });
    expect((await people(owner, '?pageSize=101')).statusCode).toBe(400);
    for (const who of [renter, stranger]) {
      const refused = await people(who, '');
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe('Conversation not found.');
    }
    expect((await people({ cookie: '', user: owner.user }, '')).statusCode).toBe(401);
  });

  it('tells the recipient once per message, with a link to the thread', async () => {
    await ctx.app.jobs.runDue();
    // Rosa's two messages and Sam's one so far.
    expect(await notificationsOf(owner.user.id)).toHaveLength(3);
    await send(renter, 'One more thing');
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const after = await notificationsOf(owner.user.id);
    expect(after).toHaveLength(4);
    expect(after.every((n) => n.kind === 'message.received')).toBe(true);
    expect(after.at(-1)!.link).toBe(`/item/${item.id}/messages?with=${renter.user.id}`);
    expect(await notificationsOf(renter.user.id)).toEqual([]);
  });

  it('the owner replies; read state follows who has seen what', async () => {
    const reply = await send(owner, 'Yes, 9 is fine.', renter.user.id);
    expect(reply.statusCode).toBe(201);
    let rosa = (await read(renter)).json() as Conversation;
    expect(rosa.messages.at(-1)).toMatchObject({ content: 'Yes, 9 is fine.', senderId: owner.user.id, isRead: false });
    expect(rosa.readUpTo).toBe(0);
    // Owen opens Rosa's thread: her messages become read for her to see.
    expect((await post(ctx.app, `${url()}/read`, { with: renter.user.id }, { cookie: owner.cookie })).statusCode).toBe(204);
    rosa = (await read(renter)).json() as Conversation;
    const mineRead = rosa.messages.filter((m) => m.senderId === renter.user.id);
    expect(mineRead.every((m) => m.isRead)).toBe(true);
    expect(rosa.readUpTo).toBe(mineRead.at(-1)!.seq);
    const owen = (await read(owner, `?with=${renter.user.id}`)).json() as Conversation;
    expect(owen.threads.find((t) => t.with.id === renter.user.id)!.unreadCount).toBe(0);
    expect(owen.messages.at(-1)!.content).toBe('Yes, 9 is fine.');
    // Only what is new since a position, for cheap polling.
    const since = (await read(renter, `?after=${rosa.messages.at(-2)!.seq}`)).json() as Conversation;
    expect(since.messages.map((m) => m.content)).toEqual(['Yes, 9 is fine.']);
  });

  it('pages older messages, newest at the bottom', async () => {
    for (let i = 1; i <= 35; i += 1) await send(second, `Message ${i}`);
    const page = (await read(second)).json() as Conversation;
    expect(page.messages).toHaveLength(30);
    expect(page.messages.at(-1)!.content).toBe('Message 35');
    expect(page.hasOlder).toBe(true);
    const older = (await read(second, `?before=${page.messages[0]!.seq}`)).json() as Conversation;
    expect(older.messages.map((m) => m.content)).toEqual([
      'Is it free on Saturday?',
      'Message 1',
      'Message 2',
      'Message 3',
      'Message 4',
      'Message 5',
    ]);
    expect(older.hasOlder).toBe(false);
  });

  it("404 for a stranger reading or posting in someone else's thread", async () => {
    expect((await read(stranger, `?with=${renter.user.id}`)).statusCode).toBe(404);
    expect((await send(stranger, 'Hello?', renter.user.id)).statusCode).toBe(404);
    expect((await post(ctx.app, `${url()}/read`, { with: renter.user.id }, { cookie: stranger.cookie })).statusCode).toBe(404);
    // A renter cannot read another renter's thread either.
    expect((await read(second, `?with=${renter.user.id}`)).statusCode).toBe(404);
    // Nor can the owner write to someone who neither wrote nor booked.
    expect((await send(owner, 'Hi', stranger.user.id)).statusCode).toBe(404);
    // An unknown item does not exist, and visitors are asked to sign in.
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/items/00000000-0000-4000-8000-000000000000/messages',
          headers: { cookie: renter.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    const threads = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from messages m join message_threads t on t.id = m.thread_id where t.renter_id = ${stranger.user.id}`,
    );
    expect(threads[0]!.n).toBe(0);
  });

  it('lets the owner start a thread with someone who booked the item', async () => {
    const booker = await createSignedInUser(ctx.app, mailer, 'bea@example.com', 'Bea Booker');
    await createRental(ctx.database.db, item, booker.user.id, 5, 2);
    const list = (await read(owner)).json() as Conversation;
    expect(list.threads.find((t) => t.with.id === booker.user.id)).toMatchObject({ lastMessageAt: null, hasRental: true });
    expect((await send(owner, 'Thanks for booking!', booker.user.id)).statusCode).toBe(201);
    expect((await read(booker)).json().messages.map((m: { content: string }) => m.content)).toEqual(['Thanks for booking!']);
    // The owner must say who they write to.
    expect((await send(owner, 'To whom?')).statusCode).toBe(400);
  });
});

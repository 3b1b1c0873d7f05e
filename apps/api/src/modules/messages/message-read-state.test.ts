import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, NotificationList } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, createRental, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
type Person = { cookie: string; user: { id: string; email: string } };
let owner: Person;
let renter: Person;
let other: Person;
let item: { id: string; ownerId: string };

const url = () => `/api/items/${item.id}/messages`;
const get = (who: Person, path: string) => ctx.app.inject({ method: 'GET', url: path, headers: { cookie: who.cookie } });
const send = (who: Person, content: string, withId?: string) =>
  post(ctx.app, url(), { content, ...(withId ? { with: withId } : {}) }, { cookie: who.cookie });
const open = (who: Person, withId?: string) => post(ctx.app, `${url()}/read`, withId ? { with: withId } : {}, { cookie: who.cookie });
const unread = async (who: Person) => (await get(who, '/api/notifications/unread-count')).json().count as number;
const threadUnread = async (withId: string) =>
  ((await get(owner, `${url()}?with=${withId}`)).json() as Conversation).threads.find((t) => t.with.id === withId)!.unreadCount;
/** Every notice of a tab, newest first, as [kind, title, read]. */
async function notices(who: Person, tab: 'items' | 'rentals') {
  const list = (await get(who, `/api/notifications?tab=${tab}`)).json() as NotificationList;
  return list.entries.flatMap((e) => e.notifications.map((n) => [n.kind, n.title, n.read] as const));
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'owen@example.com', 'Owen Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rosa@example.com', 'Rosa Renter');
  other = await createSignedInUser(ctx.app, mailer, 'sam@example.com', 'Sam Second');
  item = await createItem(ctx.database.db, owner.user.id, { name: 'Hedge trimmer' });
});
afterAll(async () => ctx?.close());

describe('opening a conversation reads it everywhere', () => {
  it("reads the thread's messages and its message notices: the people list, the bell and /notifications agree", async () => {
    // A booking notice in the same entry on /notifications, and another person's thread: neither is read by opening Rosa's.
    const rental = await createRental(ctx.database.db, item, renter.user.id, 5, 2);
    await ctx.database.db.transaction((tx) =>
      ctx.app.events.publish(tx, {
        type: 'rental.booked',
        rentalId: rental.id,
        itemId: item.id,
        renterId: renter.user.id,
        ownerId: owner.user.id,
        paymentId: 'p1',
      }),
    );
    expect((await send(renter, 'Can I pick it up at 9?')).statusCode).toBe(201);
    expect((await send(renter, 'Or at 10?')).statusCode).toBe(201);
    expect((await send(other, 'Is it free on Saturday?')).statusCode).toBe(201);
    await ctx.app.jobs.runDue();
    expect(await unread(owner)).toBe(4);
    expect(await threadUnread(renter.user.id)).toBe(2);

    expect((await open(owner, renter.user.id)).statusCode).toBe(204);

    expect(await threadUnread(renter.user.id)).toBe(0);
    expect(await threadUnread(other.user.id)).toBe(1);
    expect(await unread(owner)).toBe(2);
    expect(await notices(owner, 'items')).toEqual(
      expect.arrayContaining([
        ['message.received', 'New message from Rosa Renter about Hedge trimmer', true],
        ['message.received', 'New message from Rosa Renter about Hedge trimmer', true],
        ['message.received', 'New message from Sam Second about Hedge trimmer', false],
        ['rental.booked', 'New booking: Hedge trimmer', false],
      ]),
    );
    expect(await notices(owner, 'items')).toHaveLength(4);

    // The owner replies; the renter opens the thread: her notice is read too.
    expect((await send(owner, 'Yes, 9 is fine.', renter.user.id)).statusCode).toBe(201);
    await ctx.app.jobs.runDue();
    expect(await unread(renter)).toBe(1);
    expect((await open(renter)).statusCode).toBe(204);
    expect(await unread(renter)).toBe(0);
    expect(await notices(renter, 'rentals')).toEqual([['message.received', 'New message from Owen Owner about Hedge trimmer', true]]);
  });

  it('a notice made after its message was already read arrives read', async () => {
    const before = await unread(owner);
    expect((await send(renter, 'See you at 9 then.')).statusCode).toBe(201);
    // The owner has the thread open and reads it before the notice is written.
    expect((await open(owner, renter.user.id)).statusCode).toBe(204);
    await ctx.app.jobs.runDue();
    expect(await unread(owner)).toBe(before);
    expect(await threadUnread(renter.user.id)).toBe(0);
  });
});

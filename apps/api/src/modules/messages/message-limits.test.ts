import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/database.ts';
import { MESSAGE_EMAIL_JOB } from '../notifications/message-notices.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';

type Person = { cookie: string; user: { id: string; email: string } };
const MINUTE = 60_000;

let clock = new Date();
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const mailer = createMemoryMailer();
let ctx: TestContext;
/** A second API process on the same database. */
let second: FastifyInstance;
let owner: Person;
let renter: Person;
let other: Person;
let item: { id: string; ownerId: string };

const send = (app: FastifyInstance, who: Person, content: string, withId?: string) =>
  post(app, `/api/items/${item.id}/messages`, { content, ...(withId ? { with: withId } : {}) }, { cookie: who.cookie });
const storedFrom = async (who: Person) =>
  (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from messages where sender_id = ${who.user.id}`))[0]!.n;
const emailsTo = (who: Person) => mailer.sent.filter((m) => m.to === who.user.email);
const unreadNotices = async (who: Person) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from notifications where user_id = ${who.user.id} and kind = 'message.received' and read_at is null`,
    )
  )[0]!.n;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock, env: { MESSAGE_RATE_LIMIT: '30' } });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ctx.dataDir,
    WEB_DIST_DIR: path.join(ctx.dataDir, 'no-web'),
    APP_URL: 'http://localhost:3000',
    MAIL_OUTBOX: 'true',
    AUTH_RATE_LIMIT: '1000',
    MESSAGE_RATE_LIMIT: '30',
  });
  second = await buildApp({
    config,
    database: ctx.database,
    authSecret: 'test-secret-that-is-long-enough-for-signing-0123456789',
    now: () => clock,
    mailer,
  });
  await second.ready();
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'owen@example.com', 'Owen Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rosa@example.com', 'Rosa Renter');
  other = await createSignedInUser(ctx.app, mailer, 'sam@example.com', 'Sam Second');
  item = await createItem(ctx.database.db, owner.user.id, { name: 'Hedge trimmer' });
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.database.db.execute(sql`delete from rate_limits`);
  await ctx.database.db.execute(sql`delete from messages`);
  await ctx.database.db.execute(sql`delete from notifications`);
  // Emails planned by an earlier test would find this one's messages.
  await ctx.database.db.execute(sql`delete from jobs where name = ${MESSAGE_EMAIL_JOB}`);
  mailer.sent.length = 0;
  advance(60 * MINUTE);
});

describe('the per-sender message limit', () => {
  it('is 30 messages per 10 minutes unless MESSAGE_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).messageRateLimit).toBe(30);
    expect(loadConfig({ NODE_ENV: 'test', MESSAGE_RATE_LIMIT: '5' }).messageRateLimit).toBe(5);
  });

  it('refuses a burst of 40 beyond the 30th with 429, stores none of the refused, counting across processes', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i % 2 ? second : ctx.app, renter, `Message ${i + 1}`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const refused = answers.find((a) => a.statusCode === 429)!.json();
    expect(refused.error.code).toBe('RATE_LIMITED');
    expect(refused.error.message).toMatch(/^You have sent a lot of messages in a short time\. Please wait \d+ minutes? and try again\.$/);
    expect(await storedFrom(renter)).toBe(30);
    const accepted = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => a.json().content as string)
      .sort();
    const stored = (await queryRows<{ body: string }>(ctx.database.db, sql`select body from messages where sender_id = ${renter.user.id}`))
      .map((r) => r.body)
      .sort();
    expect(stored).toEqual(accepted);
    // Only the stored messages reach the owner.
    await ctx.app.jobs.runDue();
    expect(await unreadNotices(owner)).toBe(30);

    // Per sender: someone else still writes, and the sender may again once the window is over.
    expect((await send(ctx.app, other, 'Is it free on Saturday?')).statusCode).toBe(201);
    expect((await send(second, renter, 'One more?')).statusCode).toBe(429);
    advance(10 * MINUTE);
    expect((await send(second, renter, 'One more?')).statusCode).toBe(201);
  });
});

describe('message emails, batched per conversation and recipient', () => {
  it('5 messages in a minute send the owner one email; one more after 15 minutes a second', async () => {
    for (let i = 1; i <= 5; i += 1) {
      expect((await send(i % 2 ? ctx.app : second, renter, `Question ${i}`)).statusCode).toBe(201);
      advance(12_000);
    }
    // Both processes run their jobs.
    await second.jobs.runDue();
    await ctx.app.jobs.runDue();
    expect(emailsTo(owner).map((m) => m.subject)).toEqual(['5 new messages from Rosa Renter about Hedge trimmer']);
    expect(emailsTo(owner)[0]!.text).toContain('Rosa Renter sent you 5 new messages about Hedge trimmer. The latest: Question 5');
    expect(emailsTo(owner)[0]!.text).toContain(`Read and reply: http://localhost:3000/item/${item.id}/messages?with=${renter.user.id}`);
    // Each message still has its own in-app notice.
    expect(await unreadNotices(owner)).toBe(5);
    advance(14 * MINUTE);
    await ctx.app.jobs.runDue();
    await second.jobs.runDue();
    expect(emailsTo(owner)).toHaveLength(1);

    advance(MINUTE);
    expect((await send(second, renter, 'Question 6')).statusCode).toBe(201);
    await ctx.app.jobs.runDue();
    await second.jobs.runDue();
    expect(emailsTo(owner)).toHaveLength(2);
    expect(emailsTo(owner)[1]!.subject).toBe('New message from Rosa Renter about Hedge trimmer');
    expect(emailsTo(owner)[1]!.text).toContain('Rosa Renter sent you a message about Hedge trimmer: Question 6');
    // Nothing more later: every message has been told.
    advance(30 * MINUTE);
    await ctx.app.jobs.runDue();
    await second.jobs.runDue();
    expect(emailsTo(owner)).toHaveLength(2);
  });

  it('sends the one waiting when its quarter hour is over, and none when the messages were read meanwhile', async () => {
    expect((await send(ctx.app, renter, 'Hello')).statusCode).toBe(201);
    await ctx.app.jobs.runDue();
    expect(emailsTo(owner)).toHaveLength(1);
    advance(MINUTE);
    expect((await send(ctx.app, renter, 'Are you there?')).statusCode).toBe(201);
    expect((await send(ctx.app, renter, 'Hello??')).statusCode).toBe(201);
    await ctx.app.jobs.runDue();
    expect(emailsTo(owner)).toHaveLength(1);
    advance(14 * MINUTE);
    await ctx.app.jobs.runDue();
    expect(emailsTo(owner).map((m) => m.subject)).toEqual([
      'New message from Rosa Renter about Hedge trimmer',
      '2 new messages from Rosa Renter about Hedge trimmer',
    ]);

    // Another within the quarter after that one, read before its turn: no email.
    advance(MINUTE);
    expect((await send(ctx.app, renter, 'Thanks!')).statusCode).toBe(201);
    await ctx.app.jobs.runDue();
    expect(
      (await post(ctx.app, `/api/items/${item.id}/messages/read`, { with: renter.user.id }, { cookie: owner.cookie })).statusCode,
    ).toBe(204);
    advance(15 * MINUTE);
    await ctx.app.jobs.runDue();
    expect(emailsTo(owner)).toHaveLength(2);
    // The last email is a quarter old: the next message is emailed at once.
    expect((await send(ctx.app, renter, 'One last thing')).statusCode).toBe(201);
    await ctx.app.jobs.runDue();
    expect(emailsTo(owner)).toHaveLength(3);
    expect(emailsTo(owner)[2]!.text).toContain('Rosa Renter sent you a message about Hedge trimmer: One last thing');
  });

  it('follows the email preference: off, none is planned', async () => {
    const prefs = { email: false, push: true, sms: true, newRequests: true, statusUpdates: true, returnReminders: true, marketing: false };
    const put = (body: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/me/notification-preferences',
        payload: body,
        headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      });
    expect((await put(prefs)).statusCode).toBe(200);
    expect((await send(ctx.app, renter, 'Anyone?')).statusCode).toBe(201);
    await ctx.app.jobs.runDue();
    expect(emailsTo(owner)).toEqual([]);
    expect(await unreadNotices(owner)).toBe(1);
    expect((await put({ ...prefs, email: true })).statusCode).toBe(200);
  });

  it('counts each conversation and each recipient on its own', async () => {
    expect((await send(ctx.app, renter, 'From Rosa')).statusCode).toBe(201);
    expect((await send(ctx.app, other, 'From Sam')).statusCode).toBe(201);
    expect((await send(ctx.app, owner, 'To Rosa', renter.user.id)).statusCode).toBe(201);
    await ctx.app.jobs.runDue();
    expect(
      emailsTo(owner)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['New message from Rosa Renter about Hedge trimmer', 'New message from Sam Second about Hedge trimmer']);
    expect(emailsTo(renter).map((m) => m.subject)).toEqual(['New message from Owen Owner about Hedge trimmer']);
    expect(emailsTo(renter)[0]!.text).toContain(`http://localhost:3000/item/${item.id}/messages\n`);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { createMemoryMailer } from '../test/memory-mailer.ts';
import { cookieHeader, createSignedInUser, ORIGIN, signIn } from '../test/auth-helpers.ts';
import { addImage, createItem, insertCategories } from '../test/factories.ts';
import { openApiOperations, type Operation } from '../test/fuzz/operations.ts';
import { validValue } from '../test/fuzz/json-schema.ts';
import { eq } from 'drizzle-orm';
import { checkoutAttempts, notifications } from '../db/schema.ts';
import { rentalKit } from './rentals/rental-test-kit.ts';

/**
 * Every documented API route, read from the app itself (so routes added later are covered): a visitor
 * gets 401 unless the route is public on purpose, and a signed-in person who is not a party to the
 * row named in the path gets 404, as if it did not exist.
 */

/** Answer visitors. Everything else must say 401 to them. */
const PUBLIC = new Set([
  'GET /api/categories',
  'GET /api/categories/{categoryId}/items',
  'GET /api/categories/{categoryId}/items/map',
  'GET /api/items/{itemId}',
  'GET /api/search/suggestions',
  'GET /api/owners/{ownerId}',
  'GET /api/owners/{ownerId}/items',
  'GET /api/owners/{ownerId}/reviews',
  'GET /api/payments/config',
  'POST /api/wheelbarrow/check',
  // The handover times an item's owner offers on the dates asked, shown beside the dates like its price.
  'GET /api/items/{itemId}/handover-slots',
  // The owner's handover hours, on the item page beside its price.
  'GET /api/items/{itemId}/handover-hours',
  'POST /api/support-requests',
  // The calendar feed is read by calendar apps, which have no session: its unguessable file name is the key.
  'GET /api/calendar/{file}',
  // A saved search's one-click unsubscribe, from its alert emails: the unguessable token is the key.
  'POST /api/saved-searches/unsubscribe/{token}',
  // Anonymous web-vitals beacons from the browser (their daily summary is for members).
  'POST /api/vitals',
]);

/** Routes that name a row anyone signed in may act on: the public pages, and asking an owner about their item. */
const OPEN_TO_ANY_USER = new Set([
  ...PUBLIC,
  'GET /api/items/{itemId}/messages',
  'POST /api/items/{itemId}/messages',
  'POST /api/items/{itemId}/messages/read',
  // Any member may save a listed item that is not theirs: the save is their own row, not the owner's.
  'PUT /api/me/saved/{itemId}',
  // Any member may read an open wanted post (its offers are its author's alone) and offer one of their own items for it.
  'GET /api/wanted/{postId}',
  'POST /api/wanted/{postId}/offers',
]);

let ctx: TestContext;
let operations: Operation[];
const mailer = createMemoryMailer();
const kit = rentalKit(() => ctx);
let outsider: { cookie: string };
/** Real rows belonging to an owner and a renter, by the path parameter that names them. */
const rows: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  const owner = await createSignedInUser(ctx.app, mailer, 'owner@example.com', 'Olive Owner');
  const renter = await createSignedInUser(ctx.app, mailer, 'renter@example.com', 'Rita Renter');
  outsider = await createSignedInUser(ctx.app, mailer, 'outsider@example.com', 'Ned Nosy');
  const item = await createItem(ctx.database.db, owner.user.id);
  await addImage(ctx.database.db, item.id, 0);
  const detail = (await ctx.app.inject({ method: 'GET', url: `/api/items/${item.id}` })).json() as { images: Array<{ url: string }> };
  await kit.saveAddress(renter.cookie);
  const start = addDays(todayInLondon(), 3);
  const booked = await kit.book(renter.cookie, [{ itemId: item.id, startDate: start, endDate: addDays(start, 1) }]);
  expect(booked.statusCode, booked.body).toBe(201);
  const { orderId } = booked.json() as { orderId: string };
  const order = (await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: renter.cookie } })).json() as {
    rentals: Array<{ id: string }>;
  };
  const [note] = await ctx.database.db
    .insert(notifications)
    .values({ userId: owner.user.id, kind: 'test', title: 'For the owner only' })
    .returning();
  const wanted = await ctx.app.inject({
    method: 'POST',
    url: '/api/wanted',
    headers: { origin: ORIGIN, cookie: renter.cookie },
    payload: { title: 'A ladder', categoryId: 'all', near: 'Leeds', radius: '5', startDate: start, endDate: addDays(start, 1) },
  });
  expect(wanted.statusCode, wanted.body).toBe(201);
  const [attempt] = await ctx.database.db
    .select({ id: checkoutAttempts.id })
    .from(checkoutAttempts)
    .where(eq(checkoutAttempts.renterId, renter.user.id));
  Object.assign(rows, {
    // The renter's checkout attempt (its state, its confirm and the bank's page).
    attemptId: attempt!.id,
    postId: (wanted.json() as { id: string }).id,
    itemId: item.id,
    imageId: /\/([0-9a-f-]{36})-large\.webp/.exec(detail.images[0]?.url ?? '')?.[1] ?? randomUUID(),
    rentalId: order.rentals[0]!.id,
    orderId,
    ownerId: owner.user.id,
    id: note!.id,
    categoryId: 'power-tools',
    // A side of the rental's handover (its photos and note).
    side: 'pickup',
  });
  operations = openApiOperations(ctx.app);
});
afterAll(async () => ctx?.close());

const key = (op: Operation) => `${op.method} ${op.path}`;

function request(op: Operation, values: (param: string) => string, cookie?: string) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values(name)));
  // Query parameters get valid values too, so that validation does not answer before the session check.
  const query = new URLSearchParams(
    Object.entries(op.query).map(([name, schema]): [string, string] => [name, String(validValue(schema, name, { any: rows.itemId! }))]),
  );
  const url = query.size > 0 ? `${path}?${query}` : path;
  const payload = op.body && op.method !== 'GET' && op.method !== 'DELETE' ? validValue(op.body, '', { any: rows.itemId! }) : undefined;
  return ctx.app.inject({
    method: op.method,
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

describe('every API route', () => {
  it('is found in the app', () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const route of PUBLIC) expect(operations.map(key), `${route} is on the allow-list but not in the app`).toContain(route);
  });

  it('declares in the OpenAPI document exactly the public routes as needing no session', () => {
    const doc = ctx.app.swagger() as { security?: unknown; paths: Record<string, Record<string, { security?: unknown[] }>> };
    expect(doc.security).toEqual([{ sessionCookie: [] }]);
    const declaredPublic = operations
      .filter((op) => (doc.paths[op.path]?.[op.method.toLowerCase()]?.security ?? null)?.length === 0)
      .map(key);
    expect(new Set(declaredPublic)).toEqual(PUBLIC);
  });

  it('answers 401 to a visitor unless it is public on purpose', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const res = await request(op, () => randomUUID());
      const isPublic = PUBLIC.has(key(op));
      if (!isPublic && res.statusCode !== 401) wrong.push(`${key(op)} -> ${res.statusCode} (expected 401)`);
      if (isPublic && (res.statusCode === 401 || res.statusCode >= 500)) wrong.push(`${key(op)} is public but answered ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 to a signed-in person who is not a party to the row in the path', async () => {
    const wrong: string[] = [];
    const withIds = operations.filter((op) => op.pathParams.length > 0 && !OPEN_TO_ANY_USER.has(key(op)));
    expect(withIds.length).toBeGreaterThan(5);
    for (const op of withIds) {
      const unknown = op.pathParams.filter((p) => !(p in rows));
      const res = await request(op, (p) => rows[p] ?? randomUUID(), outsider.cookie);
      if (res.statusCode !== 404)
        wrong.push(
          `${key(op)} -> ${res.statusCode} ${res.body.slice(0, 120)}${unknown.length ? ` (no real row for ${unknown.join(', ')})` : ''}`,
        );
    }
    const noRow = [...new Set(withIds.flatMap((op) => op.pathParams.filter((p) => !(p in rows))))];
    // A new kind of id only gets a random (trivially unknown) value until a real row is added above.
    if (noRow.length > 0) console.warn(`route-authorisation: no real row for path parameters ${noRow.join(', ')}`);
    expect(wrong).toEqual([]);
  });

  it('still answers the parties themselves (the rows above are real)', async () => {
    const signedIn = await signIn(ctx.app, 'owner@example.com');
    const owner = await ctx.app.inject({
      method: 'GET',
      url: `/api/rentals/${rows.rentalId}`,
      headers: { cookie: cookieHeader(signedIn) },
    });
    expect(owner.statusCode).toBe(200);
  });
});

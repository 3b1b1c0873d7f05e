import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_MESSAGES } from '@toolshed/core';
import type { OpsAuditLog, OpsReports } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { cookieHeader, createSignedInUser, ORIGIN, post, signIn } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let clock = new Date('2027-03-01T10:00:00Z');
type Person = { cookie: string; user: { id: string } };
let opal: Person;
let owner: Person;
let ann: Person;
let ben: Person;
let cat: Person;

const OPERATOR = 'opal@example.com';
const send = (method: 'GET' | 'POST', url: string, who: Person | undefined, payload?: object) =>
  ctx.app.inject({ method, url, headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) }, ...(payload ? { payload } : {}) });
const codeIn = (to: string) => /(\d{6})/.exec(mailer.lastTo(to).subject)![1]!;
const auditRows = () =>
  queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from operator_actions`).then((r) => r[0]!.n);

/** Signs the operator in on a new session and enters the emailed code. */
async function verifiedSession(): Promise<Person> {
  const session = { cookie: cookieHeader(await signIn(ctx.app, OPERATOR)), user: opal.user };
  expect((await send('POST', '/api/ops/code', session)).statusCode).toBe(200);
  const res = await send('POST', '/api/ops/code/verify', session, { code: codeIn(OPERATOR) });
  expect(res.statusCode, res.body).toBe(200);
  return session;
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock, env: { OPERATOR_EMAILS: `someone@example.com, ${OPERATOR.toUpperCase()}` } });
  await insertCategories(ctx.database.db);
  opal = await createSignedInUser(ctx.app, mailer, OPERATOR, 'Opal Operator');
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  ann = await createSignedInUser(ctx.app, mailer, 'ann@example.com', 'Ann Able');
  ben = await createSignedInUser(ctx.app, mailer, 'ben@example.com', 'Ben Baker');
  cat = await createSignedInUser(ctx.app, mailer, 'cat@example.com', 'Cat Carter');
});
afterAll(async () => ctx?.close());

describe('the gate', () => {
  it('refuses visitors (401) and members (404, as if there were no desk)', async () => {
    expect((await send('GET', '/api/ops/reports', undefined)).statusCode).toBe(401);
    for (const url of ['/api/ops/me', '/api/ops/reports', '/api/ops/audit', '/api/ops/claims']) {
      expect((await send('GET', url, ann)).statusCode).toBe(404);
    }
    expect((await send('POST', '/api/ops/code', ann)).statusCode).toBe(404);
    expect((await send('POST', `/api/ops/members/${ben.user.id}/suspend`, ann, { reason: 'x' })).statusCode).toBe(404);
  });

  it('refuses an operator without the second factor, then lets them in with the emailed code', async () => {
    expect((await send('GET', '/api/ops/me', opal)).json()).toEqual({ operator: true, email: OPERATOR, verified: false });
    const refused = await send('GET', '/api/ops/reports', opal);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(OPERATOR_MESSAGES.secondFactor);
    expect((await send('POST', `/api/ops/members/${ben.user.id}/warn`, opal, { reason: 'x' })).statusCode).toBe(403);

    const sent = await send('POST', '/api/ops/code', opal);
    expect(sent.json()).toMatchObject({ sent: true, expiresAt: new Date(clock.getTime() + 600_000).toISOString() });
    const code = codeIn(OPERATOR);
    const [row] = await queryRows<{ code_hash: string }>(ctx.database.db, sql`select code_hash from operator_codes`);
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const bad = await send('POST', '/api/ops/code/verify', opal, { code: code === '000000' ? '111111' : '000000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(OPERATOR_MESSAGES.codeWrong);
    expect((await send('POST', '/api/ops/code/verify', opal, { code: '12ab' })).json().error.message).toBe(OPERATOR_MESSAGES.codeFormat);
    const ok = await send('POST', '/api/ops/code/verify', opal, { code });
    expect(ok.json()).toEqual({ operator: true, email: OPERATOR, verified: true });
    expect((await send('GET', '/api/ops/reports', opal)).statusCode).toBe(200);
  });

  it('binds the code to its session: another sign-in asks again, and the first code does not open it', async () => {
    const code = codeIn(OPERATOR);
    const other = { cookie: cookieHeader(await signIn(ctx.app, OPERATOR)), user: opal.user };
    expect((await send('GET', '/api/ops/reports', other)).statusCode).toBe(403);
    expect((await send('POST', '/api/ops/code/verify', other, { code })).json().error.message).toBe(OPERATOR_MESSAGES.codeExpired);
  });

  it('lets a code expire after 10 minutes and after 5 wrong tries', async () => {
    const late = { cookie: cookieHeader(await signIn(ctx.app, OPERATOR)), user: opal.user };
    await send('POST', '/api/ops/code', late);
    const code = codeIn(OPERATOR);
    clock = new Date(clock.getTime() + 600_000);
    expect((await send('POST', '/api/ops/code/verify', late, { code })).json().error.message).toBe(OPERATOR_MESSAGES.codeExpired);

    await send('POST', '/api/ops/code', late);
    const fresh = codeIn(OPERATOR);
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await send('POST', '/api/ops/code/verify', late, { code: wrong })).json().error.message).toBe(OPERATOR_MESSAGES.codeWrong);
    expect((await send('POST', '/api/ops/code/verify', late, { code: wrong })).json().error.message).toBe(OPERATOR_MESSAGES.codeExpired);
    expect((await send('POST', '/api/ops/code/verify', late, { code: fresh })).json().error.message).toBe(OPERATOR_MESSAGES.codeExpired);
    expect((await send('GET', '/api/ops/reports', late)).statusCode).toBe(403);
  });
});

describe('the reports queue and its actions', () => {
  let desk: Person;
  beforeAll(async () => {
    desk = await verifiedSession();
  });

  it('shows a listing hidden by three reports as it was when reported, and restores it with an audit row', async () => {
    const item = await createItem(ctx.database.db, owner.user.id, { name: 'Hedge Trimmer', dailyRatePence: 800 });
    for (const who of [ann, ben, cat]) {
      const res = await post(
        ctx.app,
        '/api/reports',
        { kind: 'item', id: item.id, reason: 'misleading', details: `said by ${who.user.id}` },
        { cookie: who.cookie },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    await ctx.database.db.execute(sql`update items set name = 'Renamed Trimmer' where id = ${item.id}`);
    const queue = (await send('GET', '/api/ops/reports', desk)).json() as OpsReports;
    const mine = queue.reports.filter((r) => r.subjectId === item.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      kind: 'item',
      listingHidden: true,
      member: { id: owner.user.id, name: 'Olive Owner', suspended: false },
    });
    expect(mine[0]!.snapshot).toMatchObject({ name: 'Hedge Trimmer', dailyRatePence: 800 });

    const before = await auditRows();
    expect((await send('POST', `/api/ops/items/${item.id}/restore`, desk, { reason: '   ' })).statusCode).toBe(400);
    expect(await auditRows()).toBe(before);
    const restored = await send('POST', `/api/ops/items/${item.id}/restore`, desk, { reason: 'The listing is accurate.' });
    expect(restored.statusCode, restored.body).toBe(200);
    const [hidden] = await queryRows<{ hidden_pending_review: boolean }>(
      ctx.database.db,
      sql`select hidden_pending_review from items where id = ${item.id}`,
    );
    expect(hidden!.hidden_pending_review).toBe(false);
    expect(((await send('GET', '/api/ops/reports', desk)).json() as OpsReports).reports.filter((r) => r.subjectId === item.id)).toEqual([]);
    const log = (await send('GET', '/api/ops/audit', desk)).json() as OpsAuditLog;
    expect(log.entries[0]).toMatchObject({
      id: restored.json().auditId,
      operatorName: 'Opal Operator',
      action: 'restore_listing',
      subjectKind: 'item',
      subjectId: item.id,
      reason: 'The listing is accurate.',
      detail: { reportsClosed: 3, wasHidden: true },
    });

    const hide = await send('POST', `/api/ops/items/${item.id}/hide`, desk, { reason: 'Prohibited after all.' });
    expect(hide.statusCode).toBe(200);
    const [again] = await queryRows<{ hidden_pending_review: boolean }>(
      ctx.database.db,
      sql`select hidden_pending_review from items where id = ${item.id}`,
    );
    expect(again!.hidden_pending_review).toBe(true);
    expect(((await send('GET', '/api/ops/audit', desk)).json() as OpsAuditLog).entries[0]).toMatchObject({
      action: 'hide_listing',
      subjectId: item.id,
    });
  });

  it('dismisses a report with an audit row, once', async () => {
    await post(ctx.app, '/api/reports', { kind: 'member', id: ben.user.id, reason: 'harassment' }, { cookie: ann.cookie });
    const report = ((await send('GET', '/api/ops/reports', desk)).json() as OpsReports).reports.find((r) => r.subjectId === ben.user.id)!;
    expect(report.snapshot).toEqual({ name: 'Ben Baker', picture: null });
    const res = await send('POST', `/api/ops/reports/${report.id}/dismiss`, desk, { reason: 'A misunderstanding between neighbours.' });
    expect(res.statusCode, res.body).toBe(200);
    const twice = await send('POST', `/api/ops/reports/${report.id}/dismiss`, desk, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(((await send('GET', '/api/ops/audit', desk)).json() as OpsAuditLog).entries[0]).toMatchObject({
      action: 'dismiss_report',
      subjectKind: 'report',
      subjectId: report.id,
      detail: { kind: 'member', subjectId: ben.user.id },
    });
    expect((await send('POST', `/api/ops/reports/not-a-report/dismiss`, desk, { reason: 'x' })).statusCode).toBe(404);
  });

  it('warns a member by email with the reason, with an audit row', async () => {
    const res = await send('POST', `/api/ops/members/${cat.user.id}/warn`, desk, { reason: 'Please be polite in messages.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(mailer.lastTo('cat@example.com')).toMatchObject({ subject: 'A warning from Toolshed' });
    expect(mailer.lastTo('cat@example.com').text).toContain('Please be polite in messages.');
    expect(((await send('GET', '/api/ops/audit', desk)).json() as OpsAuditLog).entries[0]).toMatchObject({
      action: 'warn_member',
      subjectId: cat.user.id,
    });
  });

  it('refuses every action on the operator themselves, changing nothing', async () => {
    const own = await createItem(ctx.database.db, opal.user.id, { name: 'Opal’s Drill' });
    const before = await auditRows();
    for (const url of [
      `/api/ops/items/${own.id}/hide`,
      `/api/ops/members/${opal.user.id}/warn`,
      `/api/ops/members/${opal.user.id}/suspend`,
    ]) {
      const res = await send('POST', url, desk, { reason: 'testing myself' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(OPERATOR_MESSAGES.ownAccount);
    }
    await post(ctx.app, '/api/reports', { kind: 'member', id: opal.user.id, reason: 'other' }, { cookie: ann.cookie });
    const aboutMe = ((await send('GET', '/api/ops/reports', desk)).json() as OpsReports).reports.find((r) => r.subjectId === opal.user.id)!;
    expect((await send('POST', `/api/ops/reports/${aboutMe.id}/dismiss`, desk, { reason: 'nothing in it' })).statusCode).toBe(403);
    expect(await auditRows()).toBe(before);
    const [user] = await queryRows<{ suspended_at: Date | null }>(
      ctx.database.db,
      sql`select suspended_at from users where id = ${opal.user.id}`,
    );
    expect(user!.suspended_at).toBeNull();
  });
});

describe('the audit log', () => {
  it('cannot be changed or deleted, even by SQL', async () => {
    expect(await auditRows()).toBeGreaterThan(0);
    await expect(ctx.database.db.execute(sql`update operator_actions set reason = 'rewritten'`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from operator_actions`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`truncate operator_actions`)).rejects.toThrow();
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from operator_actions where reason = 'rewritten'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('is read by operators only', async () => {
    expect((await send('GET', '/api/ops/audit', ann)).statusCode).toBe(404);
  });
});

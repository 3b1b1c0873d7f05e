import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonTimeToInstant, OPERATOR_MESSAGES, todayInLondon } from '@toolshed/core';
import type { DepositView, OpsAuditLog, OpsClaims, Order } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { cookieHeader, createSignedInUser, signIn } from '../../test/auth-helpers.ts';
import { addBankAccount } from '../../test/bank-account.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { SUSPENDED_MESSAGE } from '../auth/suspension-repository.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';
import { SUSPENDED_CANCEL_REASON, SUSPENDED_REQUEST_REASON } from './member-standing.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const processor = createSimulatedProcessor({ delayMs: 0 });
let clock = londonTimeToInstant('2027-02-01', '09:00');
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string } };
let opal: Person;
let owner: Person;
let renter: Person;
let sam: Person;
const OPERATOR = 'opal@example.com';
const db = () => ctx.database.db;

async function at(date: string, time = '09:00') {
  clock = londonTimeToInstant(date, time);
}
async function runJobs() {
  await ctx.app.jobs.runDue();
}
async function account(userId: string, name: string, rentalId?: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db(),
    rentalId
      ? sql`select coalesce(sum(amount_pence), 0)::int as total from ledger_entries where user_id = ${userId} and account = ${name} and rental_id = ${rentalId}`
      : sql`select coalesce(sum(amount_pence), 0)::int as total from ledger_entries where user_id = ${userId} and account = ${name}`,
  );
  return row!.total;
}
async function book(who: Person, itemId: string, startDate: string, endDate: string): Promise<string> {
  const res = await kit.book(who.cookie, [{ itemId, startDate, endDate }]);
  expect(res.statusCode, res.body).toBe(201);
  return ((await kit.send('GET', `/api/orders/${res.json().orderId}`, who.cookie)).json() as Order).rentals[0]!.id;
}
/** A returned rental with the owner's claim, disputed by the renter and sent to support a week on. */
async function escalatedClaim(rentalId: string, rentee: Person, amountPence: number): Promise<string> {
  const reported = await kit.send('POST', `/api/rentals/${rentalId}/claims`, owner.cookie, {
    kind: 'damaged',
    amountPence,
    note: 'Blade chipped',
  });
  expect(reported.statusCode, reported.body).toBe(201);
  const claimId = (reported.json() as DepositView).claims[0]!.id;
  const disputed = await kit.send('POST', `/api/claims/${claimId}/dispute`, rentee.cookie, { reply: 'It was chipped before' });
  expect(disputed.statusCode, disputed.body).toBe(200);
  return claimId;
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock, env: { OPERATOR_EMAILS: OPERATOR } });
  await insertCategories(db());
  opal = await createSignedInUser(ctx.app, mailer, OPERATOR, 'Opal Operator');
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  sam = await createSignedInUser(ctx.app, mailer, 'sam@example.com', 'Sam Suspect');
  await addBankAccount(ctx.app, owner.cookie);
  for (const p of [renter, opal, sam]) await kit.saveAddress(p.cookie);
  await kit.send('POST', '/api/ops/code', opal.cookie);
  const code = /(\d{6})/.exec(mailer.lastTo(OPERATOR).subject)![1]!;
  expect((await kit.send('POST', '/api/ops/code/verify', opal.cookie, { code })).statusCode).toBe(200);
  // The clock moves by weeks: sessions must outlive it.
  await db().execute(sql`update sessions set expires_at = now() + interval '10 years'`);
});
afterAll(async () => ctx?.close());

describe('a ruling on a claim sent to support', () => {
  it("shows both sides' evidence and moves exactly the ruled amount through the ledger, telling both sides", async () => {
    await at('2027-02-01');
    const sander = await createItem(db(), owner.user.id, { name: 'Belt Sander', dailyRatePence: 900, depositPence: 6000 });
    const planer = await createItem(db(), owner.user.id, { name: 'Planer', dailyRatePence: 900, depositPence: 4000 });
    const rentalId = await book(renter, sander.id, '2027-02-02', '2027-02-03');
    const opalsRental = await book(opal, planer.id, '2027-02-02', '2027-02-03');
    expect((await kit.send('POST', `/api/items/${sander.id}/messages`, renter.cookie, { content: 'Is the blade new?' })).statusCode).toBe(
      201,
    );
    await at('2027-02-03', '18:00');
    for (const id of [rentalId, opalsRental]) expect((await kit.markReturned(id, owner.cookie)).statusCode).toBe(204);
    await at('2027-02-04');
    const claimId = await escalatedClaim(rentalId, renter, 2500);
    const ownClaimId = await escalatedClaim(opalsRental, opal, 3000);
    await at('2027-02-11', '09:01');
    await runJobs();

    const listed = (await kit.send('GET', '/api/ops/claims', opal.cookie)).json() as OpsClaims;
    // The operator's own rental is someone else's to rule on.
    expect(listed.claims.map((c) => c.id)).toEqual([claimId]);
    expect(listed.claims[0]).toMatchObject({
      rentalId,
      itemName: 'Belt Sander',
      byRole: 'owner',
      amountPence: 2500,
      depositPence: 6000,
      maxRulingPence: 2500,
      note: 'Blade chipped',
      reply: 'It was chipped before',
      owner: { id: owner.user.id, name: 'Olive Owner' },
      renter: { id: renter.user.id, name: 'Rita Renter' },
      messages: [{ by: 'renter', body: 'Is the blade new?' }],
    });
    const own = await kit.send('POST', `/api/ops/claims/${ownClaimId}/ruling`, opal.cookie, { amountPence: 0, reason: 'mine' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(OPERATOR_MESSAGES.ownAccount);

    const ownerAvailable = await account(owner.user.id, 'available');
    const ledgerRows = await kit.ledgerRows();
    const over = await kit.send('POST', `/api/ops/claims/${claimId}/ruling`, opal.cookie, { amountPence: 2501, reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatchObject({ field: 'amountPence', message: 'A ruling gives between £0.00 and £25.00.' });
    expect((await kit.send('POST', `/api/ops/claims/${claimId}/ruling`, opal.cookie, { amountPence: 1500, reason: '' })).statusCode).toBe(
      400,
    );
    expect(await kit.ledgerRows()).toBe(ledgerRows);

    const ruled = await kit.send('POST', `/api/ops/claims/${claimId}/ruling`, opal.cookie, {
      amountPence: 1500,
      reason: 'The pick-up photos show an older chip; the new damage is worth £15.',
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(await account(owner.user.id, 'available')).toBe(ownerAvailable + 1500);
    expect(await account(renter.user.id, 'deposit_held')).toBe(0);
    const [hold] = await queryRows<{ status: string; captured_pence: number }>(
      db(),
      sql`select status, captured_pence from deposit_holds where rental_id = ${rentalId}`,
    );
    expect(hold).toEqual({ status: 'captured', captured_pence: 1500 });
    expect(await kit.unbalancedTransactions()).toBe(0);
    for (const who of [owner, renter]) {
      const view = (await kit.send('GET', `/api/rentals/${rentalId}/deposit`, who.cookie)).json() as DepositView;
      expect(view.hold).toMatchObject({ state: 'captured', capturedPence: 1500 });
      const notices = await queryRows<{ title: string }>(
        db(),
        sql`select title from notifications where user_id = ${who.user.id} and rental_id = ${rentalId} and title like 'Toolshed ruled%'`,
      );
      expect(notices.map((n) => n.title)).toEqual(['Toolshed ruled on the damaged claim: £15.00']);
    }
    const audit = (await kit.send('GET', '/api/ops/audit', opal.cookie)).json() as OpsAuditLog;
    expect(audit.entries[0]).toMatchObject({
      id: ruled.json().auditId,
      action: 'rule_claim',
      subjectId: claimId,
      detail: { claimedPence: 2500, ruledPence: 1500 },
    });
    expect(
      (await kit.send('POST', `/api/ops/claims/${claimId}/ruling`, opal.cookie, { amountPence: 1500, reason: 'again' })).statusCode,
    ).toBe(409);
  });
});

describe('suspending a member', () => {
  it('ends their sessions, hides their listings, cancels their upcoming rentals with full refunds, and refuses their sign-in', async () => {
    await at('2027-03-01');
    const today = todayInLondon(clock);
    const samsTent = await createItem(db(), sam.user.id, { name: 'Sam’s Tent', dailyRatePence: 1000 });
    const olivesLadder = await createItem(db(), owner.user.id, { name: 'Ladder', dailyRatePence: 700 });
    const asOwner = await book(renter, samsTent.id, addDays(today, 10), addDays(today, 11));
    const asRenter = await book(sam, olivesLadder.id, addDays(today, 12), addDays(today, 12));
    // One rental per order: its payment is what the renter paid for it, the fee share included.
    const paid = await queryRows<{ id: string; total_pence: number }>(
      db(),
      sql`select r.id, p.amount_pence as total_pence from rentals r join payments p on p.id = r.payment_id where r.id in (${asOwner}, ${asRenter})`,
    );

    const res = await kit.send('POST', `/api/ops/members/${sam.user.id}/suspend`, opal.cookie, { reason: 'Listing stolen tools.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: true, cancelled: 2 });
    await runJobs();

    expect((await kit.send('GET', '/api/me/blocks', sam.cookie)).statusCode).toBe(401);
    const again = await signIn(ctx.app, 'sam@example.com');
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(SUSPENDED_MESSAGE);
    const [tent] = await queryRows<{ hidden_pending_review: boolean }>(
      db(),
      sql`select hidden_pending_review from items where id = ${samsTent.id}`,
    );
    expect(tent!.hidden_pending_review).toBe(true);

    const rows = await queryRows<{ id: string; cancelled_by: string; cancel_reason: string; refund_pence: number }>(
      db(),
      sql`select id, cancelled_by, cancel_reason, refund_pence from rentals where id in (${asOwner}, ${asRenter})`,
    );
    for (const r of rows) {
      expect(r).toMatchObject({ cancelled_by: 'system', cancel_reason: SUSPENDED_CANCEL_REASON });
      expect(r.refund_pence).toBe(paid.find((p) => p.id === r.id)!.total_pence);
    }
    // The owners keep nothing of either booking; the card gets back what was paid.
    expect(await account(sam.user.id, 'pending', asOwner)).toBe(0);
    expect(await account(owner.user.id, 'pending', asRenter)).toBe(0);
    const refunds = await queryRows<{ total: number }>(
      db(),
      sql`select coalesce(sum(amount_pence), 0)::int as total from card_refunds where rental_id in (${asOwner}, ${asRenter})`,
    );
    expect(refunds[0]!.total).toBe(paid.reduce((s, p) => s + p.total_pence, 0));
    expect(await kit.unbalancedTransactions()).toBe(0);
    for (const who of [renter, owner]) {
      const told = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from notifications where user_id = ${who.user.id} and kind = 'rental.cancelled' and rental_id in (${asOwner}, ${asRenter})`,
      );
      expect(told[0]!.n).toBe(1);
    }
    const audit = (await kit.send('GET', '/api/ops/audit', opal.cookie)).json() as OpsAuditLog;
    expect(audit.entries[0]).toMatchObject({
      action: 'suspend_member',
      subjectId: sam.user.id,
      reason: 'Listing stolen tools.',
      detail: { hiddenItems: [samsTent.id] },
    });
    expect((await kit.send('POST', `/api/ops/members/${sam.user.id}/suspend`, opal.cookie, { reason: 'twice' })).statusCode).toBe(409);
  });

  it('reinstating lets them sign in and shows the listings the suspension hid', async () => {
    const res = await kit.send('POST', `/api/ops/members/${sam.user.id}/reinstate`, opal.cookie, { reason: 'The tools were his.' });
    expect(res.statusCode, res.body).toBe(200);
    const back = await signIn(ctx.app, 'sam@example.com');
    expect(back.statusCode).toBe(200);
    sam.cookie = cookieHeader(back);
    const hidden = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from items where owner_id = ${sam.user.id} and hidden_pending_review`,
    );
    expect(hidden[0]!.n).toBe(0);
    expect(((await kit.send('GET', '/api/ops/audit', opal.cookie)).json() as OpsAuditLog).entries[0]).toMatchObject({
      action: 'reinstate_member',
      subjectId: sam.user.id,
    });
  });
});

describe('suspending a member with requests still waiting', () => {
  it('cancels their requests, those for their listings and their waiting extensions: authorisations voided, both sides told', async () => {
    await at('2027-04-05');
    const today = todayInLondon(clock);
    const pat = await createSignedInUser(ctx.app, mailer, 'pat@example.com', 'Pat Pending');
    await kit.saveAddress(pat.cookie);
    await db().execute(sql`update sessions set expires_at = now() + interval '10 years'`);
    const patsDrill = await createItem(db(), pat.user.id, { name: 'Drill', bookingMode: 'request', dailyRatePence: 900 });
    const olivesVan = await createItem(db(), owner.user.id, { name: 'Van', bookingMode: 'request', dailyRatePence: 4000 });
    const olivesTrailer = await createItem(db(), owner.user.id, {
      name: 'Trailer',
      bookingMode: 'request',
      dailyRatePence: 2000,
      maxDays: 10,
    });
    // A request for Pat's listing, a request of Pat's, and Pat's rental running today with an extension waiting.
    const forPats = await book(renter, patsDrill.id, addDays(today, 5), addDays(today, 6));
    const patAsks = await book(pat, olivesVan.id, addDays(today, 8), addDays(today, 8));
    const running = await book(pat, olivesTrailer.id, addDays(today, 1), addDays(today, 2));
    expect((await kit.send('POST', `/api/rentals/${running}/accept`, owner.cookie, {})).statusCode).toBe(204);
    // The next morning: the trailer's rental has started, and Pat asks to keep it longer.
    await at(addDays(today, 1));
    const card = { number: '4242424242424242', expiry: '12/99', cvv: '123', name: 'Pat Pending' };
    const asked = await kit.send('POST', `/api/rentals/${running}/extension`, pat.cookie, {
      endDate: addDays(today, 4),
      payWith: 'card',
      card,
    });
    expect(asked.json()).toEqual({ status: 'pending', chargedPence: 0 });
    const holds = await queryRows<{ id: string; auth: string }>(
      db(),
      sql`select id, request_authorization_id as auth from rentals where id in (${forPats}, ${patAsks})`,
    );
    const [ext] = await queryRows<{ auth: string }>(
      db(),
      sql`select authorization_id as auth from rental_extensions where rental_id = ${running} and status = 'pending'`,
    );
    for (const h of [...holds, ext!]) expect(processor.holds.get(h.auth)).toBe('held');
    const ledgerBefore = await kit.ledgerRows();

    const res = await kit.send('POST', `/api/ops/members/${pat.user.id}/suspend`, opal.cookie, { reason: 'Fake listings.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: true, cancelled: 2 });
    await runJobs();

    const closed = await queryRows<{ request_status: string; cancelled_by: string; cancel_reason: string; refund_pence: number }>(
      db(),
      sql`select request_status, cancelled_by, cancel_reason, refund_pence from rentals where id in (${forPats}, ${patAsks})`,
    );
    expect(closed).toHaveLength(2);
    for (const r of closed)
      expect(r).toEqual({ request_status: 'declined', cancelled_by: 'system', cancel_reason: SUSPENDED_REQUEST_REASON, refund_pence: 0 });
    const [ended] = await queryRows<{ status: string; held_end_date: string | null; cancelled_at: string | null; end_date: string }>(
      db(),
      sql`select e.status, r.held_end_date, r.cancelled_at, r.end_date::text from rental_extensions e join rentals r on r.id = e.rental_id where e.rental_id = ${running}`,
    );
    // The running rental itself goes on (it has started); only its waiting extension ends.
    expect(ended).toEqual({ status: 'declined', held_end_date: null, cancelled_at: null, end_date: addDays(today, 2) });
    for (const h of [...holds, ext!]) expect(processor.holds.get(h.auth)).toBe('voided');
    // Nothing was charged, so nothing moves on the ledger.
    expect(await kit.ledgerRows()).toBe(ledgerBefore);
    expect(await kit.unbalancedTransactions()).toBe(0);

    const titles = async (userId: string, kind: string) =>
      (
        await queryRows<{ title: string }>(
          db(),
          sql`select title from notifications where user_id = ${userId} and kind = ${kind} and rental_id in (${forPats}, ${patAsks}, ${running}) order by title`,
        )
      ).map((n) => n.title);
    expect(await titles(renter.user.id, 'rental.cancelled')).toEqual(['Request cancelled: Drill']);
    expect(await titles(pat.user.id, 'rental.cancelled')).toEqual(['Request cancelled: Drill', 'Request cancelled: Van']);
    expect(await titles(owner.user.id, 'rental.cancelled')).toEqual(['Request cancelled: Van']);
    expect(await titles(owner.user.id, 'rental.extended')).toEqual(['Extension cancelled: Trailer']);
    expect(await titles(pat.user.id, 'rental.extended')).toEqual(['Extension cancelled: Trailer']);
    const [body] = await queryRows<{ body: string }>(
      db(),
      sql`select body from notifications where user_id = ${renter.user.id} and rental_id = ${forPats}`,
    );
    expect(body!.body).toContain(SUSPENDED_REQUEST_REASON);
    expect(((await kit.send('GET', '/api/ops/audit', opal.cookie)).json() as OpsAuditLog).entries[0]).toMatchObject({
      action: 'suspend_member',
      subjectId: pat.user.id,
      detail: { requestsToCancel: expect.arrayContaining([forPats, patAsks]), extensionsToCancel: [running] },
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonTimeToInstant } from '@toolshed/core';
import type { DepositView, Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { cookieHeader, createSignedInUser, signIn } from '../../test/auth-helpers.ts';
import { addBankAccount } from '../../test/bank-account.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { smallPng } from '../../test/test-images.ts';
import { ORIGIN } from '../../test/auth-helpers.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const processor = createSimulatedProcessor({ delayMs: 0 });
let clock = londonTimeToInstant('2027-01-04', '09:00');
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string } };
let renter: Person;
let owner: Person;
let outsider: Person;

/**
 * Moves the clock; the parties sign in again: sessions last a week of real time, and the clock jumps
 * weeks ahead (the housekeeping job clears sessions that look expired by it).
 */
async function at(date: string, time = '09:00') {
  clock = londonTimeToInstant(date, time);
  await signInAgain();
}
async function runJobs() {
  await ctx.app.jobs.runDue();
  await signInAgain();
}
async function signInAgain() {
  for (const person of [renter, owner, outsider]) {
    const res = await signIn(ctx.app, person === renter ? 'rita@example.com' : person === owner ? 'olive@example.com' : 'nosy@example.com');
    person.cookie = cookieHeader(res);
  }
}
const db = () => ctx.database.db;

async function book(itemId: string, startDate: string, endDate: string): Promise<string> {
  const res = await kit.book(renter.cookie, [{ itemId, startDate, endDate }]);
  expect(res.statusCode, res.body).toBe(201);
  const order = (await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order;
  return order.rentals[0]!.id;
}

const deposit = async (rentalId: string, who: Person) => {
  const res = await kit.send('GET', `/api/rentals/${rentalId}/deposit`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DepositView;
};
const report = (rentalId: string, who: Person | undefined, body: object) =>
  kit.send('POST', `/api/rentals/${rentalId}/claims`, who?.cookie, body);
const accept = (claimId: string, who: Person) => kit.send('POST', `/api/claims/${claimId}/accept`, who.cookie, {});
const dispute = (claimId: string, who: Person, reply: string) => kit.send('POST', `/api/claims/${claimId}/dispute`, who.cookie, { reply });
const withdraw = (claimId: string, who: Person) => kit.send('POST', `/api/claims/${claimId}/withdraw`, who.cookie, {});
const lower = (claimId: string, who: Person, amountPence: unknown) =>
  kit.send('POST', `/api/claims/${claimId}/lower`, who.cookie, { amountPence });
const propose = (claimId: string, who: Person, amountPence: number) =>
  kit.send('POST', `/api/claims/${claimId}/propose`, who.cookie, { amountPence });
const agree = (claimId: string, who: Person, amountPence: number) =>
  kit.send('POST', `/api/claims/${claimId}/agree`, who.cookie, { amountPence });

const BOUNDARY = 'claim-photo-boundary';
function multipart(file: Buffer, filename = 'photo.png', type = 'image/png') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}
const addPhoto = (claimId: string, who: Person | undefined, body: Buffer) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/claims/${claimId}/photos`,
    payload: body,
    headers: { origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(who ? { cookie: who.cookie } : {}) },
  });

/** A user's balance in one ledger account. */
async function account(userId: string, name: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db(),
    sql`select coalesce(sum(amount_pence), 0)::int as total from ledger_entries where user_id = ${userId} and account = ${name}`,
  );
  return row!.total;
}
async function holdOf(rentalId: string) {
  const [row] = await queryRows<{ status: string; captured_pence: number | null; authorization_id: string; amount_pence: number }>(
    db(),
    sql`select status, captured_pence, authorization_id, amount_pence from deposit_holds where rental_id = ${rentalId}`,
  );
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock });
  await insertCategories(db());
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  await addBankAccount(ctx.app, owner.cookie);
  outsider = await createSignedInUser(ctx.app, mailer, 'nosy@example.com', 'Ned Nosy');
  await kit.saveAddress(renter.cookie);
});
afterAll(async () => ctx?.close());

describe('a deposit on the item form', () => {
  const valid = {
    name: 'Mitre Saw',
    description: 'Sliding compound mitre saw.',
    dailyRatePence: 1500,
    categoryId: 'power-tools',
    minDays: 1,
    maxDays: 7,
    address: '2 Oak Road',
    city: 'Leeds',
    postcode: 'LS6 2AB',
  };

  it('is kept and shown on the item, and refused outside £0 to £1,000 with nothing saved', async () => {
    const made = await kit.send('POST', '/api/items', owner.cookie, { ...valid, depositPence: 5000 });
    expect(made.statusCode, made.body).toBe(201);
    expect((await kit.send('GET', `/api/items/${made.json().id}`)).json()).toMatchObject({ depositPence: 5000 });
    const noDeposit = await kit.send('POST', '/api/items', owner.cookie, valid);
    expect(noDeposit.json()).toMatchObject({ depositPence: 0 });
    const before = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from items`);
    for (const [depositPence, message] of [
      [100_001, 'The deposit can be at most £1,000'],
      [-1, 'The deposit cannot be negative'],
      [12.5, 'The deposit can have at most two decimal places'],
    ] as const) {
      const res = await kit.send('POST', '/api/items', owner.cookie, { ...valid, depositPence });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'depositPence', message });
    }
    expect(await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from items`)).toEqual(before);
  });
});

describe('holds and claims', () => {
  it('holds the deposit at checkout beside the charge, and settles an accepted damage claim: £20 to the owner, £30 released', async () => {
    await at('2027-01-04');
    const saw = await createItem(db(), owner.user.id, { name: 'Mitre Saw', dailyRatePence: 1200, depositPence: 5000 });
    const rentalId = await book(saw.id, '2027-01-05', '2027-01-07');
    const hold = await holdOf(rentalId);
    expect(hold).toMatchObject({ status: 'held', captured_pence: null, amount_pence: 5000 });
    expect(processor.holds.get(hold!.authorization_id)).toBe('held');
    expect(processor.amounts.get(hold!.authorization_id)).toEqual({ authorised: 5000 });
    expect(await account(renter.user.id, 'deposit_held')).toBe(5000);
    expect((await deposit(rentalId, renter)).hold).toEqual({
      amountPence: 5000,
      state: 'held',
      capturedPence: null,
      settledAt: null,
      holdsAt: null,
      cardNeededBy: null,
      note: null,
      declined: null,
    });
    // Nobody else sees it or reports on it.
    expect((await kit.send('GET', `/api/rentals/${rentalId}/deposit`, outsider.cookie)).statusCode).toBe(404);
    expect((await report(rentalId, undefined, { kind: 'damaged', amountPence: 100, note: 'x' })).statusCode).toBe(401);
    expect((await report(rentalId, outsider, { kind: 'damaged', amountPence: 100, note: 'x' })).statusCode).toBe(404);
    // Before the rental starts there is nothing to report.
    expect((await deposit(rentalId, owner)).canReport).toEqual([]);

    await at('2027-01-07', '17:00');
    expect((await kit.markReturned(rentalId, owner.cookie)).statusCode).toBe(204);
    const view = await deposit(rentalId, owner);
    expect(view.canReport).toEqual([
      { kind: 'damaged', maxPence: 5000 },
      { kind: 'missing_parts', maxPence: 5000 },
    ]);
    expect(view.claimWindowClosesAt).toBe(londonTimeToInstant('2027-01-10', '00:00').toISOString());

    const tooMuch = await report(rentalId, owner, { kind: 'damaged', amountPence: 5001, note: 'Blade guard cracked' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatchObject({
      field: 'amountPence',
      message: 'A claim can be at most the deposit left to claim, £50.00.',
    });
    const byRenter = await report(rentalId, renter, { kind: 'damaged', amountPence: 100, note: 'x' });
    expect(byRenter.statusCode).toBe(409);

    await at('2027-01-08', '10:00');
    const reported = await report(rentalId, owner, { kind: 'damaged', amountPence: 2000, note: 'Blade guard cracked' });
    expect(reported.statusCode, reported.body).toBe(201);
    const claimId = (reported.json() as DepositView).claims[0]!.id;
    const again = await report(rentalId, owner, { kind: 'damaged', amountPence: 100, note: 'And a scratch' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This problem has already been reported for this rental.');

    const renterView = await deposit(rentalId, renter);
    expect(renterView.claims).toMatchObject([
      {
        id: claimId,
        kind: 'damaged',
        byRole: 'owner',
        byName: 'Olive Owner',
        amountPence: 2000,
        state: 'open',
        actions: ['accept', 'dispute'],
      },
    ]);
    // The claimant may only take it back or ask for less.
    expect((await deposit(rentalId, owner)).claims[0]!.actions).toEqual(['withdraw', 'lower']);
    const notices = await queryRows<{ title: string }>(
      db(),
      sql`select title from notifications where user_id = ${renter.user.id} and kind = 'rental.claim'`,
    );
    expect(notices.map((n) => n.title)).toEqual(['Olive Owner reported a problem: Damaged']);

    // The claimant cannot accept their own claim.
    expect((await accept(claimId, owner)).statusCode).toBe(403);
    const ownerAvailableBefore = await account(owner.user.id, 'available');
    const accepted = await accept(claimId, renter);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as DepositView).hold).toMatchObject({ state: 'captured', capturedPence: 2000 });
    expect(await account(owner.user.id, 'available')).toBe(ownerAvailableBefore + 2000);
    expect(await account(renter.user.id, 'deposit_held')).toBe(0);
    const twice = await accept(claimId, renter);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This claim has already been accepted.');
    expect((await dispute(claimId, renter, 'Too late')).statusCode).toBe(409);

    // The card follows: £20 of the £50 authorisation captured, the rest released.
    await runJobs();
    expect(processor.holds.get(hold!.authorization_id)).toBe('captured');
    expect(processor.amounts.get(hold!.authorization_id)).toEqual({ authorised: 5000, captured: 2000 });
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('releases the whole hold when the window closes after a return with no claim, and refuses a claim after it', async () => {
    await at('2027-01-11');
    const drill = await createItem(db(), owner.user.id, { name: 'Drill', dailyRatePence: 800, depositPence: 3000 });
    const rentalId = await book(drill.id, '2027-01-12', '2027-01-13');
    await at('2027-01-13', '12:00');
    await kit.markReturned(rentalId, owner.cookie);
    await at('2027-01-15', '23:59');
    await runJobs();
    expect((await holdOf(rentalId))!.status).toBe('held');
    await at('2027-01-16', '00:01');
    await runJobs();
    const hold = await holdOf(rentalId);
    expect(hold).toMatchObject({ status: 'released', captured_pence: 0 });
    expect(processor.holds.get(hold!.authorization_id)).toBe('voided');
    const late = await report(rentalId, owner, { kind: 'damaged', amountPence: 100, note: 'Chuck wobbles' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Problems had to be reported within 48 hours after the rental ended.');
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('accrues a late fee per day after the end date, shown live, claimed from the deposit up to that fee', async () => {
    await at('2027-01-18');
    const ladder = await createItem(db(), owner.user.id, { name: 'Ladder', dailyRatePence: 700, depositPence: 4000 });
    const rentalId = await book(ladder.id, '2027-01-19', '2027-01-20');
    await at('2027-01-23');
    expect(await deposit(rentalId, renter)).toMatchObject({ lateDays: 3, lateFeePence: 2100 });
    // Not back: a late return is claimed once it is back; a missing one can be claimed now.
    expect((await deposit(rentalId, owner)).canReport).toEqual([{ kind: 'not_returned', maxPence: 4000 }]);
    await at('2027-01-24', '08:00');
    await kit.markReturned(rentalId, owner.cookie);
    expect(await deposit(rentalId, renter)).toMatchObject({ lateDays: 4, lateFeePence: 2800 });
    // Back on the 24th: the fee stops growing.
    await at('2027-01-25');
    expect(await deposit(rentalId, renter)).toMatchObject({ lateDays: 4, lateFeePence: 2800 });
    const over = await report(rentalId, owner, { kind: 'returned_late', amountPence: 2801, note: 'Four days late' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toMatch(/at most £28.00/);
    const ok = await report(rentalId, owner, { kind: 'returned_late', amountPence: 2800, note: 'Four days late' });
    expect(ok.statusCode, ok.body).toBe(201);
    const claimId = (ok.json() as DepositView).claims[0]!.id;
    await accept(claimId, renter);
    expect(await holdOf(rentalId)).toMatchObject({ status: 'captured', captured_pence: 2800 });
  });

  it('sends a dispute not agreed within 7 days to support with the evidence, keeping the hold', async () => {
    await at('2027-02-01');
    const sander = await createItem(db(), owner.user.id, { name: 'Belt Sander', dailyRatePence: 900, depositPence: 6000 });
    const rentalId = await book(sander.id, '2027-02-02', '2027-02-03');
    await at('2027-02-03', '18:00');
    await kit.markReturned(rentalId, owner.cookie);
    await at('2027-02-04', '09:00');
    const reported = await report(rentalId, owner, { kind: 'missing_parts', amountPence: 2500, note: 'Dust bag missing' });
    const claimId = (reported.json() as DepositView).claims[0]!.id;
    expect((await dispute(claimId, owner, 'mine')).statusCode).toBe(403);
    const disputed = await dispute(claimId, renter, 'The dust bag was in the box');
    expect(disputed.statusCode, disputed.body).toBe(200);
    const claim = (disputed.json() as DepositView).claims[0]!;
    expect(claim).toMatchObject({ state: 'disputed', reply: 'The dust bag was in the box', actions: ['accept', 'propose'] });
    expect((await deposit(rentalId, owner)).claims[0]!.actions).toEqual(['withdraw', 'lower', 'propose']);
    expect((await dispute(claimId, renter, 'again')).json().error.message).toBe('This claim has already been disputed.');
    expect(claim.escalatesAt).toBe(londonTimeToInstant('2027-02-11', '09:00').toISOString());

    // The window closing does not release a hold with a claim open.
    await at('2027-02-10', '09:00');
    await runJobs();
    expect((await holdOf(rentalId))!.status).toBe('held');
    const mailsBefore = mailer.sent.length;
    await at('2027-02-11', '09:01');
    await runJobs();
    const toSupport = mailer.sent.slice(mailsBefore).filter((m) => m.to === 'support@toolshed.local');
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]!.subject).toBe(`Disputed claim ${claimId}: Missing parts, £25.00`);
    expect(toSupport[0]!.text).toContain('Dust bag missing');
    expect(toSupport[0]!.text).toContain('The dust bag was in the box');
    expect(toSupport[0]!.text).toContain('Renter: Rita Renter <rita@example.com>');
    expect((await deposit(rentalId, renter)).claims[0]).toMatchObject({ state: 'escalated', actions: ['accept', 'propose'] });
    expect((await holdOf(rentalId))!.status).toBe('held');
    // Still settled by agreement afterwards.
    await accept(claimId, renter);
    expect(await holdOf(rentalId)).toMatchObject({ status: 'captured', captured_pence: 2500 });
  });

  it('releases the hold of a cancelled rental', async () => {
    await at('2027-02-12');
    const tent = await createItem(db(), owner.user.id, { name: 'Tent', dailyRatePence: 500, depositPence: 2000 });
    // Starting the next day: held at checkout (a later start is scheduled, deposit-schedule.test.ts).
    const rentalId = await book(tent.id, '2027-02-13', '2027-02-16');
    expect((await kit.cancel(rentalId, renter.cookie)).statusCode).toBe(200);
    await runJobs();
    const hold = await holdOf(rentalId);
    expect(hold).toMatchObject({ status: 'released', captured_pence: 0 });
    expect(processor.holds.get(hold!.authorization_id)).toBe('voided');
    expect(await account(renter.user.id, 'deposit_held')).toBe(0);
  });

  it('lets the renter ask back up to what they paid when the item was not as described', async () => {
    await at('2027-02-17');
    const mower = await createItem(db(), owner.user.id, { name: 'Mower', dailyRatePence: 1000 });
    const rentalId = await book(mower.id, '2027-02-18', '2027-02-19');
    await at('2027-02-18', '10:00');
    const view = await deposit(rentalId, renter);
    expect(view.hold).toBeNull();
    expect(view.canReport).toEqual([{ kind: 'not_as_described', maxPence: 2000 }]);
    const reported = await report(rentalId, renter, { kind: 'not_as_described', amountPence: 1000, note: 'Blade is blunt' });
    expect(reported.statusCode, reported.body).toBe(201);
    const renterAvailable = await account(renter.user.id, 'available');
    const ownerPending = await account(owner.user.id, 'pending');
    await accept((reported.json() as DepositView).claims[0]!.id, owner);
    expect(await account(renter.user.id, 'available')).toBe(renterAvailable + 1000);
    expect(await account(owner.user.id, 'pending')).toBe(ownerPending - 1000);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('takes photos of a claim from the claimant, and from the other party once they dispute; serves them to the parties only; lists them for support', async () => {
    await at('2027-02-22');
    const grinder = await createItem(db(), owner.user.id, { name: 'Angle Grinder', dailyRatePence: 800, depositPence: 3000 });
    const rentalId = await book(grinder.id, '2027-02-22', '2027-02-22');
    await kit.markReturned(rentalId, owner.cookie);
    const reported = await report(rentalId, owner, { kind: 'damaged', amountPence: 1500, note: 'Disc guard bent' });
    const claimId = (reported.json() as DepositView).claims[0]!.id;

    const added = await addPhoto(claimId, owner, multipart(await smallPng(320, 240)));
    expect(added.statusCode, added.body).toBe(201);
    const [photo] = (added.json() as DepositView).claims[0]!.photos;
    expect(photo).toMatchObject({ addedBy: 'owner', url: `/api/claims/${claimId}/photos/${photo!.id}` });
    // What is not an image is refused by its bytes, whatever it is called; nothing is added.
    const text = await addPhoto(claimId, owner, multipart(Buffer.from('just some words, not a picture'), 'guard.png'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe('Claim photos must be JPEG, PNG or WebP images.');
    // The renter adds theirs with a dispute, not before; nobody else at all.
    const early = await addPhoto(claimId, renter, multipart(await smallPng()));
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe('The other party adds photos once they dispute the claim.');
    expect((await addPhoto(claimId, outsider, multipart(await smallPng()))).statusCode).toBe(404);
    expect((await addPhoto(claimId, undefined, multipart(await smallPng()))).statusCode).toBe(401);
    expect((await deposit(rentalId, owner)).claims[0]!.photos).toHaveLength(1);

    const large = await kit.send('GET', photo!.url, renter.cookie);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect((await kit.send('GET', `${photo!.url}?size=thumb`, owner.cookie)).statusCode).toBe(200);
    expect((await kit.send('GET', photo!.url, outsider.cookie)).statusCode).toBe(404);

    await at('2027-02-23');
    await dispute(claimId, renter, 'It was bent when I got it');
    const theirs = await addPhoto(claimId, renter, multipart(await smallPng(200, 200)));
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((theirs.json() as DepositView).claims[0]!.photos.map((p) => p.addedBy)).toEqual(['owner', 'renter']);

    const mailsBefore = mailer.sent.length;
    await at('2027-03-02');
    await runJobs();
    const pack = mailer.sent.slice(mailsBefore).find((m) => m.to === 'support@toolshed.local');
    expect(pack?.text).toContain(`http://localhost:3000/api/claims/${claimId}/photos/${photo!.id}`);
    // Accepted: the evidence is closed.
    await accept(claimId, renter);
    const closed = await addPhoto(claimId, owner, multipart(await smallPng()));
    expect(closed.statusCode).toBe(409);
  });

  it("accepts a renter's claim while the owner withdraws their whole balance at once: never an error, never a balance below zero", async () => {
    // Whichever comes first, the other sees what it left: the withdrawal is refused, or the refund
    // takes what the owner still has and the platform bears the rest.
    for (const [round, date] of ['2027-03-08', '2027-03-10', '2027-03-12', '2027-03-14', '2027-03-16', '2027-03-18'].entries()) {
      await at(date);
      const drill = await createItem(db(), owner.user.id, { name: `Drill ${round}`, dailyRatePence: 900 });
      const rentalId = await book(drill.id, date, date);
      expect((await kit.markReturned(rentalId, owner.cookie)).statusCode).toBe(204);
      const reported = await report(rentalId, renter, { kind: 'not_as_described', amountPence: 900, note: 'It would not start.' });
      expect(reported.statusCode, reported.body).toBe(201);
      const available = await account(owner.user.id, 'available');
      const renterAvailable = await account(renter.user.id, 'available');
      const [withdrawal, accepted] = await Promise.all([
        kit.send('POST', '/api/me/withdrawals', owner.cookie, {
          amountPence: available,
          idempotencyKey: `claim-race-${round}`,
        }),
        kit.send('POST', `/api/claims/${(reported.json() as DepositView).claims[0]!.id}/accept`, owner.cookie, {}),
      ]);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect([201, 400], withdrawal.body).toContain(withdrawal.statusCode);
      expect(await account(owner.user.id, 'available')).toBeGreaterThanOrEqual(0);
      expect(await account(renter.user.id, 'available')).toBe(renterAvailable + 900);
    }
    expect(await kit.unbalancedTransactions()).toBe(0);
  });
});

describe('claims changed before they are settled', () => {
  /** A rental of a £50-deposit item returned on its end date, and the owner's damage claim on it. */
  async function claimed(date: string, amountPence = 2000, kind = 'damaged') {
    await at(date);
    const item = await createItem(db(), owner.user.id, { name: `Planer ${date}`, dailyRatePence: 1000, depositPence: 5000 });
    const rentalId = await book(item.id, date, date);
    expect((await kit.markReturned(rentalId, owner.cookie)).statusCode).toBe(204);
    const reported = await report(rentalId, owner, { kind, amountPence, note: 'Blade chipped' });
    expect(reported.statusCode, reported.body).toBe(201);
    return { rentalId, claimId: (reported.json() as DepositView).claims.at(-1)!.id };
  }
  /** What the ledger still holds of this rental's deposit. */
  async function heldFor(rentalId: string): Promise<number> {
    const [row] = await queryRows<{ total: number }>(
      db(),
      sql`select coalesce(sum(amount_pence), 0)::int as total from ledger_entries where rental_id = ${rentalId} and account = 'deposit_held'`,
    );
    return row!.total;
  }
  const titles = async (userId: string) =>
    (
      await queryRows<{ title: string }>(
        db(),
        sql`select title from notifications where user_id = ${userId} and kind = 'rental.claim' order by created_at, id`,
      )
    ).map((n) => n.title);

  it('lets only the claimant withdraw, once: nothing is taken and the hold is released when the window closes', async () => {
    const { rentalId, claimId } = await claimed('2027-04-05');
    expect((await deposit(rentalId, owner)).claims[0]!.actions).toEqual(['withdraw', 'lower']);
    expect((await deposit(rentalId, renter)).claims[0]!.actions).toEqual(['accept', 'dispute']);
    const byRenter = await withdraw(claimId, renter);
    expect(byRenter.statusCode).toBe(403);
    expect(byRenter.json().error.message).toBe('Only the person who made this claim can withdraw or lower it.');
    expect((await withdraw(claimId, outsider)).statusCode).toBe(404);
    expect((await withdraw('not-a-claim', owner)).statusCode).toBe(404);

    const [first, second] = await Promise.all([withdraw(claimId, owner), withdraw(claimId, owner)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().error.message).toBe('This claim has been withdrawn.');
    const view = await deposit(rentalId, renter);
    expect(view.claims[0]).toMatchObject({ state: 'withdrawn', amountPence: 2000, actions: [], canAddPhotos: false });
    expect(view.claims[0]!.withdrawnAt).not.toBeNull();
    // Within the window the hold stays for any other problem; the withdrawn kind cannot come back.
    expect(view.hold).toMatchObject({ state: 'held' });
    expect((await report(rentalId, owner, { kind: 'damaged', amountPence: 100, note: 'Again' })).statusCode).toBe(409);
    expect(await titles(renter.user.id)).toContain('Olive Owner withdrew the damaged claim of £20.00');
    for (const tried of [await accept(claimId, renter), await dispute(claimId, renter, 'No'), await lower(claimId, owner, 100)]) {
      expect(tried.statusCode).toBe(409);
      expect(tried.json().error.message).toBe('This claim has been withdrawn.');
    }

    await at('2027-04-08', '00:01');
    await runJobs();
    const hold = await holdOf(rentalId);
    expect(hold).toMatchObject({ status: 'released', captured_pence: 0 });
    expect(processor.holds.get(hold!.authorization_id)).toBe('voided');
    expect(await heldFor(rentalId)).toBe(0);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('settles the hold at once when the last waiting claim is withdrawn after the window: only what was accepted is captured', async () => {
    const { rentalId, claimId } = await claimed('2027-04-12');
    const parts = await report(rentalId, owner, { kind: 'missing_parts', amountPence: 1000, note: 'Fence missing' });
    const partsId = (parts.json() as DepositView).claims.find((c) => c.kind === 'missing_parts')!.id;
    expect((await accept(partsId, renter)).statusCode).toBe(200);
    expect((await dispute(claimId, renter, 'The blade was chipped before')).statusCode).toBe(200);
    await at('2027-04-15', '09:00');
    await runJobs();
    expect((await holdOf(rentalId))!.status).toBe('held');

    const ownerAvailable = await account(owner.user.id, 'available');
    const withdrawn = await withdraw(claimId, owner);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((withdrawn.json() as DepositView).hold).toMatchObject({ state: 'captured', capturedPence: 1000 });
    expect(await account(owner.user.id, 'available')).toBe(ownerAvailable + 1000);
    expect(await heldFor(rentalId)).toBe(0);
    await runJobs();
    const hold = await holdOf(rentalId);
    expect(processor.amounts.get(hold!.authorization_id)).toEqual({ authorised: 5000, captured: 1000 });
    // The escalation a week on finds nothing to send.
    const mails = mailer.sent.length;
    await at('2027-04-22', '09:00');
    await runJobs();
    expect(mailer.sent.slice(mails).filter((m) => m.to === 'support@toolshed.local')).toEqual([]);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('lets only the claimant lower a claim, to less than it was and more than nothing; the hold is captured for the lower amount', async () => {
    const { rentalId, claimId } = await claimed('2027-04-26');
    expect((await lower(claimId, renter, 1000)).statusCode).toBe(403);
    expect((await lower(claimId, outsider, 1000)).statusCode).toBe(404);
    for (const [amountPence, message] of [
      [0, 'Please enter an amount of at least £0.01.'],
      [2000, 'The new amount must be less than the £20.00 claimed.'],
      [2500, 'The new amount must be less than the £20.00 claimed.'],
    ] as const) {
      const res = await lower(claimId, owner, amountPence);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'amountPence', message });
    }
    expect((await lower(claimId, owner, 12.5)).statusCode).toBe(400);
    expect((await deposit(rentalId, owner)).claims[0]).toMatchObject({ amountPence: 2000, loweredAt: null });

    const lowered = await lower(claimId, owner, 1500);
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((lowered.json() as DepositView).claims[0]).toMatchObject({ amountPence: 1500, state: 'open' });
    // The same again is not lower: refused, nothing changes.
    expect((await lower(claimId, owner, 1500)).statusCode).toBe(400);
    expect(await titles(renter.user.id)).toContain('Olive Owner lowered the damaged claim to £15.00');
    // What the renter may report is unchanged; what the owner may still claim grows with the lower amount.
    expect((await deposit(rentalId, owner)).canReport).toEqual([{ kind: 'missing_parts', maxPence: 3500 }]);

    const ownerAvailable = await account(owner.user.id, 'available');
    expect((await accept(claimId, renter)).statusCode).toBe(200);
    expect(await holdOf(rentalId)).toMatchObject({ status: 'captured', captured_pence: 1500 });
    expect(await account(owner.user.id, 'available')).toBe(ownerAvailable + 1500);
    expect(await heldFor(rentalId)).toBe(0);
    const after = await lower(claimId, owner, 100);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe('This claim has already been accepted.');
    expect((await withdraw(claimId, owner)).statusCode).toBe(409);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('after a dispute, one side proposes a new amount and the other agrees to it, which settles the claim once', async () => {
    const { rentalId, claimId } = await claimed('2027-05-03', 3000);
    const early = await propose(claimId, renter, 1000);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('A new amount can be proposed once the claim is disputed.');
    await dispute(claimId, renter, 'It was only a scratch');
    expect((await propose(claimId, outsider, 1000)).statusCode).toBe(404);
    expect((await propose(claimId, renter, 3000)).statusCode).toBe(400);

    const offered = await propose(claimId, renter, 1000);
    expect(offered.statusCode, offered.body).toBe(200);
    expect((offered.json() as DepositView).claims[0]).toMatchObject({
      state: 'disputed',
      proposal: { amountPence: 1000, byRole: 'renter' },
      actions: ['accept', 'propose'],
    });
    expect((await deposit(rentalId, owner)).claims[0]!.actions).toEqual(['withdraw', 'lower', 'propose', 'agree']);
    expect(await titles(owner.user.id)).toContain('Rita Renter proposed £10.00 for the damaged claim');
    expect((await propose(claimId, renter, 1000)).statusCode).toBe(409);
    const own = await agree(claimId, renter, 1000);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('The other party agrees to your proposal.');
    const stale = await agree(claimId, owner, 900);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('The proposed amount has changed: it is now £10.00.');

    // The owner counters; the renter's proposal is replaced by theirs.
    expect((await propose(claimId, owner, 1800)).statusCode).toBe(200);
    const renterView = await deposit(rentalId, renter);
    expect(renterView.claims[0]).toMatchObject({ amountPence: 3000, proposal: { amountPence: 1800, byRole: 'owner' } });
    expect(renterView.claims[0]!.actions).toEqual(['accept', 'propose', 'agree']);

    // Not agreed within the week: support sees the proposal waiting; the parties may still agree.
    const mails = mailer.sent.length;
    await at('2027-05-11', '09:00');
    await runJobs();
    const pack = mailer.sent.slice(mails).find((m) => m.to === 'support@toolshed.local');
    expect(pack?.text).toContain('Proposal waiting: the owner proposed £18.00');
    expect((await deposit(rentalId, renter)).claims[0]).toMatchObject({ state: 'escalated', actions: ['accept', 'propose', 'agree'] });

    const ownerAvailable = await account(owner.user.id, 'available');
    const [a, b] = await Promise.all([agree(claimId, renter, 1800), agree(claimId, renter, 1800)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = (a.statusCode === 200 ? a : b).json() as DepositView;
    expect(done.claims[0]).toMatchObject({ state: 'accepted', amountPence: 1800, proposal: null, actions: [] });
    expect(done.hold).toMatchObject({ state: 'captured', capturedPence: 1800 });
    expect(await account(owner.user.id, 'available')).toBe(ownerAvailable + 1800);
    expect(await heldFor(rentalId)).toBe(0);
    expect(await titles(owner.user.id)).toContain('Rita Renter agreed to £18.00 for the damaged claim');
    for (const tried of [await propose(claimId, owner, 100), await withdraw(claimId, owner), await accept(claimId, renter)]) {
      expect(tried.statusCode).toBe(409);
    }
    await runJobs();
    expect(processor.amounts.get((await holdOf(rentalId))!.authorization_id)).toEqual({ authorised: 5000, captured: 1800 });
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('drops a proposal the claimant lowers below, and settles a renter’s claim at the agreed amount from the owner’s earnings', async () => {
    await at('2027-05-17');
    const mower = await createItem(db(), owner.user.id, { name: 'Hover Mower', dailyRatePence: 1500 });
    const rentalId = await book(mower.id, '2027-05-17', '2027-05-17');
    const reported = await report(rentalId, renter, { kind: 'not_as_described', amountPence: 1500, note: 'No grass box' });
    const claimId = (reported.json() as DepositView).claims[0]!.id;
    expect((await withdraw(claimId, owner)).statusCode).toBe(403);
    await dispute(claimId, owner, 'The box was in the shed');
    expect((await propose(claimId, owner, 600)).statusCode).toBe(200);
    // The renter lowers to less than the owner offered: the offer no longer means anything.
    const lowered = await lower(claimId, renter, 500);
    expect((lowered.json() as DepositView).claims[0]).toMatchObject({ amountPence: 500, proposal: null });
    expect((await agree(claimId, renter, 600)).statusCode).toBe(409);
    expect((await propose(claimId, owner, 400)).statusCode).toBe(200);

    const renterAvailable = await account(renter.user.id, 'available');
    const ownerPending = await account(owner.user.id, 'pending');
    const agreed = await agree(claimId, renter, 400);
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect((agreed.json() as DepositView).claims[0]).toMatchObject({ state: 'accepted', amountPence: 400 });
    expect(await account(renter.user.id, 'available')).toBe(renterAvailable + 400);
    expect(await account(owner.user.id, 'pending')).toBe(ownerPending - 400);
    expect((await agree(claimId, renter, 400)).statusCode).toBe(409);
    expect(await account(renter.user.id, 'available')).toBe(renterAvailable + 400);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });
});

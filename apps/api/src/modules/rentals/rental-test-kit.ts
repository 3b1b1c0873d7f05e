import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, TEST_CARDS } from '@toolshed/core';
import type { Order, RentalView } from '@toolshed/core/contract';
import type { TestContext } from '../../test/test-app.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import type { createMemoryMailer } from '../../test/memory-mailer.ts';
import { insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';

export type Party = Awaited<ReturnType<typeof createSignedInUser>>;

/**
 * The four people of the rental tests on a new test app: the renter and another renter (both with an
 * address), the owner and a stranger, signed in with sessions that outlive a clock moved by years.
 */
export async function signInParties(ctx: TestContext, mailer: ReturnType<typeof createMemoryMailer>) {
  await insertCategories(ctx.database.db);
  const renter = await createSignedInUser(ctx.app, mailer, 'renter@example.com', 'Rita Renter');
  const other = await createSignedInUser(ctx.app, mailer, 'other@example.com', 'Omar Other');
  const owner = await createSignedInUser(ctx.app, mailer, 'owner@example.com', 'Olive Owner');
  const stranger = await createSignedInUser(ctx.app, mailer, 'stranger@example.com', 'Stan Stranger');
  const kit = rentalKit(() => ctx);
  for (const p of [renter, other]) await kit.saveAddress(p.cookie);
  await ctx.database.db.execute(sql`update sessions set expires_at = now() + interval '10 years'`);
  return { renter, other, owner, stranger };
}

/** Helpers for the lifecycle tests: real checkouts, cancels, returns and reviews through the API. */
export function rentalKit(ctx: () => TestContext) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

  /**
   * Books the lines through checkout, paying by a card that works (and has not expired by any test
   * clock's date): by the card alone unless `useBalance`, so tests that follow card money see it all.
   */
  const book = (cookie: string, lines: Array<{ itemId: string; startDate: string; endDate: string }>, useBalance = false) => {
    const card = { number: TEST_CARDS.success, expiry: '12/99', cvv: '123', name: 'Rita Renter' };
    return send('POST', '/api/checkout', cookie, { lines, card, idempotencyKey: randomUUID(), useBalance });
  };

  return {
    send,
    async saveAddress(cookie: string) {
      const res = await send('PUT', '/api/me/address', cookie, { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' });
      if (res.statusCode !== 200) throw new Error(`address: ${res.statusCode} ${res.body}`);
    },
    book,
    /** Books one item for `days` days from `startDate` (YYYY-MM-DD): the rental id, or the refusal. */
    async bookDays(cookie: string, itemId: string, startDate: string, days: number) {
      const res = await book(cookie, [{ itemId, startDate, endDate: addDays(startDate, days - 1) }]);
      if (res.statusCode !== 201) return { status: res.statusCode, message: res.json().error.message as string, id: '' };
      const order = (await send('GET', `/api/orders/${res.json().orderId}`, cookie)).json() as Order;
      return { status: 201, message: '', id: order.rentals[0]!.id };
    },
    rental: async (id: string, cookie: string) => (await send('GET', `/api/rentals/${id}`, cookie)).json() as RentalView,
    cancel: (id: string, cookie?: string, reason?: string) =>
      send('POST', `/api/rentals/${id}/cancel`, cookie, reason === undefined ? {} : { reason }),
    markReturned: (id: string, cookie?: string) => send('POST', `/api/rentals/${id}/return`, cookie, {}),
    review: (id: string, cookie: string | undefined, rating: number, comment = '') =>
      send('POST', `/api/rentals/${id}/review`, cookie, { rating, comment }),
    /** How many ledger entries there are: unchanged means no money moved. */
    async ledgerRows(): Promise<number> {
      return (await queryRows<{ n: number }>(ctx().database.db, sql`select count(*)::int as n from ledger_entries`))[0]!.n;
    },
    /** Every ledger transaction's entries sum to zero. */
    async unbalancedTransactions(): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        ctx().database.db,
        sql`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount_pence) <> 0) t`,
      );
      return rows[0]!.n;
    },
  };
}

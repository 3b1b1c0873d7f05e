import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TEST_CARDS } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import type { TestContext } from '../../test/test-app.ts';
import { ORIGIN } from '../../test/auth-helpers.ts';
import { queryRows } from '../../db/database.ts';

/** Helpers for the lifecycle tests: real checkouts, cancels, returns and reviews through the API. */
export function rentalKit(ctx: () => TestContext) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

  return {
    send,
    async saveAddress(cookie: string) {
      const res = await send('PUT', '/api/me/address', cookie, { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' });
      if (res.statusCode !== 200) throw new Error(`address: ${res.statusCode} ${res.body}`);
    },
    /** Books the lines through checkout; returns the order and its rentals by item id. */
    async book(cookie: string, lines: Array<{ itemId: string; startDate: string; endDate: string }>) {
      const card = { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Rita Renter' };
      const res = await send('POST', '/api/checkout', cookie, { lines, card, idempotencyKey: randomUUID() });
      return res;
    },
    rental: async (id: string, cookie: string) => (await send('GET', `/api/rentals/${id}`, cookie)).json() as RentalView,
    cancel: (id: string, cookie?: string, reason?: string) =>
      send('POST', `/api/rentals/${id}/cancel`, cookie, reason === undefined ? {} : { reason }),
    markReturned: (id: string, cookie?: string) => send('POST', `/api/rentals/${id}/return`, cookie, {}),
    review: (id: string, cookie: string | undefined, rating: number, comment = '') =>
      send('POST', `/api/rentals/${id}/review`, cookie, { rating, comment }),
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

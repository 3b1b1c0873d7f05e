import { TEST_CARDS } from '@toolshed/core';
import type { Address, RentalView } from '@toolshed/core/contract';
import { request, type APIRequestContext } from '@playwright/test';
import type { Account } from './accounts.ts';
import type { PlannedLine } from './booking-plan.ts';

/** A real address in the UK format the profile form accepts. */
export const GOOD_ADDRESS: Address = { line: '12 Station Road', city: 'Bristol', postcode: 'BS1 4DJ' };

/** The card expires at the end of this month of a later year, so it is never out of date. */
export function futureExpiry(today: string): string {
  return `12/${String((Number(today.slice(0, 4)) + 2) % 100).padStart(2, '0')}`;
}

/**
 * The signed-in user's own API calls, made with the cookies of `requests`: `page.request` shares
 * the browser page's session, so a journey can check what the server holds for the person on screen.
 */
export function renterApi(requests: APIRequestContext, baseUrl: string) {
  // State-changing calls must name the app's origin, as the browser does.
  const headers = { origin: baseUrl };
  async function call<T>(method: string, path: string, data?: unknown): Promise<T> {
    const res = await requests.fetch(`${baseUrl}${path}`, { method, headers, ...(data === undefined ? {} : { data }) });
    if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  }
  return {
    me: () => call<{ name: string; address: Address | null }>('GET', '/api/me'),
    saveAddress: (address: Address) => call<unknown>('PUT', '/api/me/address', address),
    rentals: async () => (await call<{ rentals: RentalView[] }>('GET', '/api/me/rentals')).rentals,
    checkout(lines: readonly PlannedLine[], cardNumber: string, today: string) {
      return call<{ orderId: string }>('POST', '/api/checkout', {
        lines: lines.map((l) => ({ itemId: l.item.id, startDate: l.range.startDate, endDate: l.range.endDate })),
        card: { number: cardNumber, expiry: futureExpiry(today), cvv: '123', name: 'Api Renter' },
        idempotencyKey: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
      });
    },
  };
}

export type RenterApi = ReturnType<typeof renterApi>;

/**
 * Runs `use` with `account` signed in on a request context of its own, so the journey's browser
 * stays signed out: for setting up what a journey then looks at (an address, rentals).
 */
export async function asRenter<T>(baseUrl: string, account: Account, use: (api: RenterApi) => Promise<T>): Promise<T> {
  const requests = await request.newContext();
  try {
    const signIn = await requests.post(`${baseUrl}/api/auth/sign-in/email`, {
      headers: { origin: baseUrl },
      data: { email: account.email, password: account.password },
    });
    if (!signIn.ok()) throw new Error(`Sign-in of ${account.email} answered ${signIn.status()}: ${await signIn.text()}`);
    return await use(renterApi(requests, baseUrl));
  } finally {
    await requests.dispose();
  }
}

/** Books `lines` for `account` with a saved address and `cardNumber`; returns the order id. */
export function bookThroughApi(
  baseUrl: string,
  account: Account,
  lines: readonly PlannedLine[],
  cardNumber: string,
  today: string,
): Promise<string> {
  return asRenter(baseUrl, account, async (api) => {
    await api.saveAddress(GOOD_ADDRESS);
    return (await api.checkout(lines, cardNumber, today)).orderId;
  });
}

/** Books `item` for `account` for one day, today, with a card that works; returns that rental as the renter sees it. */
export async function bookTodayThroughApi(
  baseUrl: string,
  account: Account,
  item: PlannedLine['item'],
  today: string,
): Promise<RentalView> {
  await bookThroughApi(baseUrl, account, [{ item, range: { startDate: today, endDate: today }, days: 1 }], TEST_CARDS.success, today);
  const rental = await asRenter(baseUrl, account, async (api) => (await api.rentals()).find((x) => x.item.id === item.id));
  if (!rental) throw new Error(`The booking of ${item.id} is not among ${account.email}'s rentals`);
  return rental;
}

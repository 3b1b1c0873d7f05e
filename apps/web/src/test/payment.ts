import { json } from './fake-api.ts';
import { fakeServer, testUser, type FakeRoute } from './fake-server.ts';
import { checkRoute, drill, mower, storeLines } from './wheelbarrow.ts';

export const paymentConfig = {
  provider: 'simulated',
  currency: 'GBP',
  testCards: { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' },
};

/** A signed-in user with the mower in the wheelbarrow and a server ready to take payment. */
export function paymentServer(routes: Record<string, FakeRoute> = {}) {
  storeLines([mower]);
  return fakeServer(
    {
      'POST /api/wheelbarrow/check': checkRoute([mower, drill]),
      'GET /api/payments/config': () => json(paymentConfig),
      ...routes,
    },
    { user: testUser },
  );
}

export interface SentCheckout {
  lines: unknown[];
  card: { number: string; expiry: string; cvv: string; name: string };
  idempotencyKey: string;
}

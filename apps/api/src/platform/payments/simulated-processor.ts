import { randomUUID } from 'node:crypto';
import { cardBrand, cardDigits, TEST_CARDS } from '@toolshed/core';
import {
  PaymentProcessorError,
  type AuthenticationState,
  type AuthorizationResult,
  type DeclineReason,
  type PaymentProvider,
  type RefundResult,
} from './payment-provider.ts';

const OUTCOMES = new Map<string, DeclineReason>([
  [cardDigits(TEST_CARDS.declined), 'declined'],
  [cardDigits(TEST_CARDS.insufficientFunds), 'insufficient_funds'],
  [cardDigits(TEST_CARDS.processingError), 'processing_error'],
]);

/** How each 3-D Secure test card behaves (docs/PAYMENTS.md). */
type Sca = 'challenge' | 'challenge_fails' | 'frictionless' | 'challenge_then_declined';
const SCA_CARDS = new Map<string, Sca>([
  [cardDigits(TEST_CARDS.challenge), 'challenge'],
  [cardDigits(TEST_CARDS.challengeFails), 'challenge_fails'],
  [cardDigits(TEST_CARDS.frictionless), 'frictionless'],
  [cardDigits(TEST_CARDS.challengeThenDeclined), 'challenge_then_declined'],
]);

/** Online card authorisations lapse after about 7 days (Stripe documents 7 for most cards). */
export const DEFAULT_AUTHORISATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

/** A 3-D Secure authentication as the simulator keeps it: the test card's kind (its number follows from it) and where it stands. */
export interface StoredAuthentication {
  sca: Sca;
  state: AuthenticationState;
}

/**
 * Where the simulator keeps its 3-D Secure authentications: in memory by default, or in the database
 * (simulated-authentications-repository.ts) so a challenge outlives a restart of the process.
 */
export interface AuthenticationStore {
  save(id: string, authentication: StoredAuthentication): Promise<void>;
  get(id: string): Promise<StoredAuthentication | undefined>;
  /** Moves a pending authentication to `state`; one already answered stays as it is. */
  settle(id: string, state: 'authenticated' | 'failed'): Promise<void>;
}

export function createMemoryAuthenticationStore(): AuthenticationStore {
  const map = new Map<string, StoredAuthentication>();
  return {
    save: async (id, a) => void map.set(id, { ...a }),
    get: async (id) => map.get(id),
    async settle(id, state) {
      const found = map.get(id);
      if (found?.state === 'pending') found.state = state;
    },
  };
}

/** The number of each 3-D Secure test card, by its kind. */
const SCA_DIGITS = new Map<Sca, string>([...SCA_CARDS].map(([digits, sca]) => [sca, digits]));

/**
 * The simulated processor: no card network is reachable from here. The documented test cards
 * decline; any other card that passes the checks is approved. `delayMs` imitates the network.
 * Capture and void are idempotent, as the checkout's retries need; so is a refund, by its reference.
 */
export function createSimulatedProcessor(options: {
  delayMs: number;
  /** The clock authorisations are dated by (tests move it). */
  now?: () => Date;
  /** How long an authorisation can be captured (default 7 days). */
  authorisationDays?: number;
  /** Where 3-D Secure authentications are kept (default: in memory, lost with the process). */
  authentications?: AuthenticationStore;
}): PaymentProvider & {
  holds: Map<string, 'held' | 'captured' | 'voided'>;
  /** What each hold was authorised for, and what a capture of part of it took. */
  amounts: Map<string, { authorised: number; captured?: number }>;
  /** Until when each hold may be captured. */
  expiries: Map<string, Date>;
  /** Saved payment methods: the card's digits, kept inside the processor only. */
  paymentMethods: Map<string, { digits: string }>;
  /** Every refund asked for, by its reference. */
  refunds: Map<string, { refundId: string; authorizationId: string; amountPence: number; status: RefundResult['status'] }>;
  /** Every authorisation asked for, by its reference: what was asked (amount and source) and the first answer. */
  authorisations: Map<string, { asked: string; result: AuthorizationResult }>;
  /**
   * Tests steer refunds with it: 'throw' imitates a lost answer or an outage, 'pending' a refund
   * that the network confirms later (refundStatus then answers succeeded), 'failed' a refused one.
   */
  refundBehaviour: { next: Array<'throw' | 'pending' | 'failed'> };
} {
  const now = options.now ?? (() => new Date());
  const validForMs = (options.authorisationDays ?? DEFAULT_AUTHORISATION_DAYS) * DAY_MS;
  const holds = new Map<string, 'held' | 'captured' | 'voided'>();
  const amounts = new Map<string, { authorised: number; captured?: number }>();
  const expiries = new Map<string, Date>();
  const authentications = options.authentications ?? createMemoryAuthenticationStore();
  const paymentMethods = new Map<string, { digits: string }>();
  const refunds = new Map<string, { refundId: string; authorizationId: string; amountPence: number; status: RefundResult['status'] }>();
  const refundBehaviour: { next: Array<'throw' | 'pending' | 'failed'> } = { next: [] };
  const authorisations = new Map<string, { asked: string; result: AuthorizationResult }>();
  const refundedOf = (authorizationId: string) =>
    [...refunds.values()]
      .filter((r) => r.authorizationId === authorizationId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amountPence, 0);
  const wait = () => (options.delayMs > 0 ? new Promise((r) => setTimeout(r, options.delayMs)) : Promise.resolve());
  /** One authorisation as asked: the card's outcome, and the hold when it is approved. */
  async function authorizeOnce(input: Parameters<PaymentProvider['authorize']>[0]): Promise<AuthorizationResult> {
    let digits: string;
    if ('paymentMethodId' in input) {
      const saved = paymentMethods.get(input.paymentMethodId);
      if (!saved) return { ok: false, reason: 'declined' };
      digits = saved.digits;
      const decline = OUTCOMES.get(digits);
      if (decline) return { ok: false, reason: decline };
      // Off-session the bank cannot challenge the cardholder: a card that asks for 3-D Secure is declined.
      if (SCA_CARDS.has(digits)) return { ok: false, reason: 'authentication_required' };
    } else if ('authenticationId' in input) {
      const found = await authentications.get(input.authenticationId);
      if (found?.state !== 'authenticated') return { ok: false, reason: 'authentication_required' };
      if (found.sca === 'challenge_then_declined') return { ok: false, reason: 'insufficient_funds' };
      digits = SCA_DIGITS.get(found.sca)!;
    } else {
      digits = cardDigits(input.card.number);
      const decline = OUTCOMES.get(digits);
      if (decline) return { ok: false, reason: decline };
      if (SCA_CARDS.has(digits)) return { ok: false, reason: 'authentication_required' };
    }
    const authorizationId = `sim_auth_${randomUUID()}`;
    holds.set(authorizationId, 'held');
    amounts.set(authorizationId, { authorised: input.amountPence });
    expiries.set(authorizationId, new Date(now().getTime() + validForMs));
    return { ok: true, authorizationId, brand: cardBrand(digits), last4: digits.slice(-4) };
  }

  return {
    name: 'simulated',
    holds,
    amounts,
    refunds,
    refundBehaviour,
    authorisations,
    expiries,
    paymentMethods,
    // Cards outside the 3-D Secure test list need no authentication (as cards of issuers that exempt it).
    async authenticate({ card }) {
      await wait();
      const digits = cardDigits(card.number);
      const sca = SCA_CARDS.get(digits);
      if (!sca) return { status: 'not_required' };
      const authenticationId = `sim_3ds_${randomUUID()}`;
      const state: AuthenticationState = sca === 'frictionless' ? 'authenticated' : 'pending';
      await authentications.save(authenticationId, { sca, state });
      if (state === 'authenticated') return { status: 'authenticated', authenticationId };
      return { status: 'challenge', authenticationId, brand: cardBrand(digits), last4: digits.slice(-4) };
    },
    async completeChallenge(authenticationId, approved) {
      const found = await authentications.get(authenticationId);
      if (!found) throw new Error(`Unknown authentication ${authenticationId}`);
      if (found.state === 'pending')
        await authentications.settle(authenticationId, approved && found.sca !== 'challenge_fails' ? 'authenticated' : 'failed');
      return (await authentications.get(authenticationId))!.state;
    },
    async authenticationStatus(authenticationId) {
      const found = await authentications.get(authenticationId);
      // One the store never saw (kept in memory by a process since restarted): the cardholder must start again.
      return found?.state ?? 'failed';
    },
    // Idempotent by reference, as real processors' idempotency keys are: asked again with the same
    // reference, amount and source, it answers the first result (the same authorisation, or the same
    // decline) and holds nothing more; so a caller that lost the answer (a crash before its commit)
    // finds the hold it made. The same reference with other details is a new request here (a real
    // processor refuses it). A processing error is not kept: nothing was processed, so a retry is tried.
    async authorize(input) {
      await wait();
      const { reference } = input;
      // What was asked, without keeping the card's details: its digits are kept inside the processor anyway.
      const source =
        'card' in input
          ? `card:${cardDigits(input.card.number)}`
          : 'authenticationId' in input
            ? input.authenticationId
            : input.paymentMethodId;
      const asked = `${input.amountPence}:${source}`;
      const first = authorisations.get(reference);
      if (first?.asked === asked) return first.result;
      const result = await authorizeOnce(input);
      if (result.ok || result.reason !== 'processing_error') authorisations.set(reference, { asked, result });
      return result;
    },
    // Saving checks nothing beyond the card's form (a real processor's setup may verify it; its
    // declines come with the first authorisation that uses it). A failed authentication saves nothing.
    async savePaymentMethod(input) {
      await wait();
      let digits: string;
      if ('authenticationId' in input) {
        const found = await authentications.get(input.authenticationId);
        if (found?.state !== 'authenticated') return { ok: false, reason: 'authentication_required' };
        digits = SCA_DIGITS.get(found.sca)!;
      } else digits = cardDigits(input.card.number);
      const paymentMethodId = `sim_pm_${randomUUID()}`;
      paymentMethods.set(paymentMethodId, { digits });
      return { ok: true, paymentMethodId, brand: cardBrand(digits), last4: digits.slice(-4) };
    },
    // Like a real processor, capturing twice is harmless and a voided hold cannot be captured, nor one
    // that lapsed. A hold this process never saw was made before a restart (the simulator keeps holds
    // in memory). A capture of part of a hold takes that much and releases the rest; never more than was held.
    async capture(id, amountPence) {
      if (holds.get(id) === 'voided') throw new PaymentProcessorError('authorisation_voided', `Cannot capture ${id}: it was voided`);
      const held = amounts.get(id);
      const expiresAt = expiries.get(id);
      if (expiresAt && holds.get(id) === 'held' && now().getTime() >= expiresAt.getTime())
        throw new PaymentProcessorError('authorisation_expired', `Cannot capture ${id}: the authorisation expired`);
      if (held && amountPence !== undefined && amountPence > held.authorised)
        throw new PaymentProcessorError('amount_too_large', `Cannot capture ${amountPence} of ${id}: only ${held.authorised} was held`);
      if (held && holds.get(id) !== 'captured') held.captured = amountPence ?? held.authorised;
      holds.set(id, 'captured');
    },
    async void(id) {
      if (holds.get(id) === 'held') holds.set(id, 'voided');
    },
    // Like a real processor: the same reference answers the same refund; only captured money can be
    // refunded, and never more than was captured (a hold this process never saw is taken as captured).
    async refund({ authorizationId, amountPence, reference }) {
      await wait();
      const seen = refunds.get(reference);
      if (seen)
        return seen.status === 'failed'
          ? { status: 'failed', refundId: seen.refundId, reason: 'refused' }
          : { status: seen.status, refundId: seen.refundId };
      const behaviour = refundBehaviour.next.shift();
      if (behaviour === 'throw') throw new Error(`The processor did not answer the refund ${reference}`);
      const state = holds.get(authorizationId);
      if (state === 'held' || state === 'voided') throw new Error(`Cannot refund ${authorizationId}: it was not captured`);
      const held = amounts.get(authorizationId);
      const captured = held ? (held.captured ?? held.authorised) : Number.POSITIVE_INFINITY;
      if (!Number.isSafeInteger(amountPence) || amountPence <= 0 || refundedOf(authorizationId) + amountPence > captured)
        throw new Error(`Cannot refund ${amountPence} of ${authorizationId}: more than was captured`);
      const refundId = `sim_refund_${randomUUID()}`;
      const status = behaviour === 'failed' ? 'failed' : behaviour === 'pending' ? 'pending' : 'succeeded';
      refunds.set(reference, { refundId, authorizationId, amountPence, status });
      return status === 'failed' ? { status, refundId, reason: 'The card issuer refused the refund.' } : { status, refundId };
    },
    async refundStatus(refundId) {
      const found = [...refunds.values()].find((r) => r.refundId === refundId);
      if (!found) throw new Error(`Unknown refund ${refundId}`);
      if (found.status === 'pending') found.status = 'succeeded';
      return found.status === 'failed'
        ? { status: 'failed', refundId, reason: 'The card issuer refused the refund.' }
        : { status: found.status, refundId };
    },
  };
}

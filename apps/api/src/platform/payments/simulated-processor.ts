import { randomUUID } from 'node:crypto';
import { cardBrand, cardDigits } from '@toolshed/core';
import { PaymentProcessorError, type AuthenticationState, type AuthorizationResult, type PaymentProvider } from './payment-provider.ts';
import { declineOf, profileOf, SCA_CARDS, SCA_DIGITS, type CardProfile } from './simulated-cards.ts';
import { simulatedRefunds, type HoldBook } from './simulated-refunds.ts';
import {
  createMemoryAuthenticationStore,
  createMemoryPaymentMethodStore,
  type AuthenticationStore,
  type PaymentMethodStore,
} from './simulated-stores.ts';

/** Online card authorisations lapse after about 7 days (Stripe documents 7 for most cards). */
export const DEFAULT_AUTHORISATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

type AuthorizeInput = Parameters<PaymentProvider['authorize']>[0];

export type SimulatedProcessor = PaymentProvider &
  HoldBook & {
    /** Until when each hold may be captured. */
    expiries: Map<string, Date>;
    /** Saved payment methods: how the card behaves and how it is shown, kept inside the processor only. */
    paymentMethods: PaymentMethodStore;
    /** Every authorisation asked for, by its reference: what was asked (amount and source) and the first answer. */
    authorisations: Map<string, { asked: string; result: AuthorizationResult }>;
  };

/** Everything the simulator keeps, and how it waits (imitating the network). */
interface SimulatorState extends HoldBook {
  expiries: Map<string, Date>;
  authentications: AuthenticationStore;
  paymentMethods: PaymentMethodStore;
  authorisations: Map<string, { asked: string; result: AuthorizationResult }>;
  now: () => Date;
  validForMs: number;
  wait: () => Promise<unknown>;
}

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
  /** Where saved payment methods are kept (default: in memory, lost with the process). */
  paymentMethods?: PaymentMethodStore;
}): SimulatedProcessor {
  const state: SimulatorState = {
    holds: new Map(),
    amounts: new Map(),
    expiries: new Map(),
    refunds: new Map(),
    refundBehaviour: { next: [] },
    authorisations: new Map(),
    authentications: options.authentications ?? createMemoryAuthenticationStore(),
    paymentMethods: options.paymentMethods ?? createMemoryPaymentMethodStore(),
    now: options.now ?? (() => new Date()),
    validForMs: (options.authorisationDays ?? DEFAULT_AUTHORISATION_DAYS) * DAY_MS,
    wait: () => (options.delayMs > 0 ? new Promise((r) => setTimeout(r, options.delayMs)) : Promise.resolve()),
  };
  const { holds, amounts, expiries, refunds, refundBehaviour, authorisations, paymentMethods } = state;
  return {
    name: 'simulated',
    ...{ holds, amounts, expiries, refunds, refundBehaviour, authorisations, paymentMethods },
    ...authenticationSteps(state),
    ...authorisationSteps(state),
    ...holdSteps(state),
    ...simulatedRefunds(state, state.wait),
  };
}

// Cards outside the 3-D Secure test list need no authentication (as cards of issuers that exempt it).
function authenticationSteps({ authentications, wait }: SimulatorState) {
  return {
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
  } satisfies Pick<PaymentProvider, 'authenticate' | 'completeChallenge' | 'authenticationStatus'>;
}

/** The card a source names, as the simulator knows it; an authentication that did not pass names none. */
async function cardOf(state: SimulatorState, input: AuthorizeInput): Promise<CardProfile | 'unknown' | 'not_authenticated'> {
  if ('paymentMethodId' in input) return (await state.paymentMethods.get(input.paymentMethodId)) ?? 'unknown';
  if ('card' in input) return profileOf(cardDigits(input.card.number));
  const found = await state.authentications.get(input.authenticationId);
  if (found?.state !== 'authenticated') return 'not_authenticated';
  // A passed authentication answers for its 3-D Secure card; the last test card is then short of funds.
  const card = profileOf(SCA_DIGITS.get(found.sca)!);
  return found.sca === 'challenge_then_declined' ? { ...card, kind: 'insufficient_funds' } : { ...card, kind: 'approved' };
}

/** One authorisation as asked: the card's outcome, and the hold when it is approved. */
async function authorizeOnce(state: SimulatorState, input: AuthorizeInput): Promise<AuthorizationResult> {
  const card = await cardOf(state, input);
  if (card === 'unknown') return { ok: false, reason: 'declined' };
  if (card === 'not_authenticated') return { ok: false, reason: 'authentication_required' };
  // Off-session the bank cannot challenge the cardholder: a card that asks for 3-D Secure is declined.
  const decline = declineOf(card.kind);
  if (decline) return { ok: false, reason: decline };
  const authorizationId = `sim_auth_${randomUUID()}`;
  state.holds.set(authorizationId, 'held');
  state.amounts.set(authorizationId, { authorised: input.amountPence });
  state.expiries.set(authorizationId, new Date(state.now().getTime() + state.validForMs));
  return { ok: true, authorizationId, brand: card.brand, last4: card.last4 };
}

function authorisationSteps(state: SimulatorState) {
  const { authorisations, authentications, paymentMethods, wait } = state;
  return {
    // Idempotent by reference, as real processors' idempotency keys are: asked again with the same
    // reference, amount and source, it answers the first result (the same authorisation, or the same
    // decline) and holds nothing more; so a caller that lost the answer (a crash before its commit)
    // finds the hold it made. The same reference with other details is a new request here (a real
    // processor refuses it). A processing error is not kept: nothing was processed, so a retry is tried.
    async authorize(input) {
      await wait();
      // What was asked, without keeping the card's details: its digits are kept inside the processor anyway.
      const source =
        'card' in input
          ? `card:${cardDigits(input.card.number)}`
          : 'authenticationId' in input
            ? input.authenticationId
            : input.paymentMethodId;
      const asked = `${input.amountPence}:${source}`;
      const first = authorisations.get(input.reference);
      if (first?.asked === asked) return first.result;
      const result = await authorizeOnce(state, input);
      if (result.ok || result.reason !== 'processing_error') authorisations.set(input.reference, { asked, result });
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
      const card = profileOf(digits);
      await paymentMethods.save(paymentMethodId, card);
      return { ok: true, paymentMethodId, brand: card.brand, last4: card.last4 };
    },
  } satisfies Pick<PaymentProvider, 'authorize' | 'savePaymentMethod'>;
}

// Like a real processor, capturing twice is harmless and a voided hold cannot be captured, nor one
// that lapsed. A hold this process never saw was made before a restart (the simulator keeps holds
// in memory). A capture of part of a hold takes that much and releases the rest; never more than was held.
function holdSteps({ holds, amounts, expiries, now }: SimulatorState) {
  return {
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
  } satisfies Pick<PaymentProvider, 'capture' | 'void'>;
}

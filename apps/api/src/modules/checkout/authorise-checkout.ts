import { AppError, declineMessage } from '@toolshed/core';
import type { PaymentProvider, PaymentSource } from '../../platform/payments/payment-provider.ts';
import type { CheckoutDeposits } from '../deposits/deposits-module.ts';
import { CHALLENGE_TIMEOUT_MS, enqueueChallengeSweep } from './attempt-sweep-job.ts';
import { StaleClaimError } from './booking-repository.ts';
import type { AttemptClaim, ChallengeOutcome, CheckoutContext, CheckoutLineInput } from './checkout-kit.ts';
import type { PricedBasket } from './price-lines.ts';
import { authorizeRequests, releaseRequests, type splitCharges } from './request-lines.ts';

type ChargeSplit = ReturnType<typeof splitCharges>;
type DepositHolds = Extract<Awaited<ReturnType<CheckoutDeposits['authorize']>>, { ok: true }>['holds'];

/** Everything a checkout holds on the card before it books, to release should the booking fail. */
export interface CheckoutHolds {
  /** The instant lines' charge (less what the balance pays). */
  auth: { authorizationId: string; brand: string; last4: string };
  requestHolds: string[];
  depositHolds: DepositHolds;
  /** What of the instant charge the renter's balance pays. */
  balancePence: number;
}

export interface AuthorisationAsk {
  renterId: string;
  lines: CheckoutLineInput[];
  given: PaymentSource;
  attempt: AttemptClaim;
  useBalance: boolean;
  basket: PricedBasket;
  split: ChargeSplit;
}

/**
 * Holds what the checkout charges and holds on the card: the instant lines together, each request
 * line on its own (request-lines.ts), each deposit beside them. A card typed in is first put to 3-D
 * Secure: when its bank asks for a challenge nothing is authorised yet, the attempt is parked for it
 * and the challenge is answered. A decline releases every hold made so far.
 */
export async function authoriseCheckout(ctx: CheckoutContext, ask: AuthorisationAsk): Promise<CheckoutHolds | ChallengeOutcome> {
  const { payments, attempts, deposits, now } = ctx;
  const { attempt, split, basket } = ask;
  // Each hold is recorded on the attempt as soon as the processor gives it, so that if this request
  // dies before booking, the retry or the sweep job releases every one (attempt-sweep-job.ts).
  const remember = (authorizationId: string) => attempts.recordAuthorization(attempt.id, attempt.claim, authorizationId, now());
  const remembering = rememberingProvider(payments, remember);
  // The renter's balance pays first (what is charged now, never a request's or a deposit's hold);
  // the card is authorised for the rest (nothing, when the balance covers it: the card is checked).
  const balancePence = ask.useBalance ? Math.min(Math.max(0, await ctx.repo.availableBalance(ask.renterId)), split.instantPence) : 0;
  const card = await authenticate(ctx, ask, balancePence);
  if ('challenge' in card) return card;
  // One reference per claim of the attempt: a claim taken over after a crash has released the holds of the one before.
  const reference = `${attempt.id}:${attempt.claim}`;
  const auth = await remembering.authorize({ amountPence: split.instantPence - balancePence, ...card, reference });
  if (!auth.ok) throw new AppError('PAYMENT_FAILED', declineMessage(auth.reason), 'card');
  const requestHolds = await authorizeRequests(remembering, split, card, reference, now()).catch(async (err: unknown) => {
    await payments.void(auth.authorizationId);
    throw err;
  });
  // Deposits are held beside the charge, one authorisation per line that asks for one; a decline releases everything.
  const held = deposits
    ? await deposits.authorize(
        split.lines.map((b) => ({ depositPence: basket.depositOf(b.itemId), startDate: b.startDate })),
        card,
        reference,
        remember,
      )
    : { ok: true as const, holds: [] };
  if (!held.ok) {
    await payments.void(auth.authorizationId);
    await releaseRequests(payments, requestHolds);
    throw new AppError('PAYMENT_FAILED', `The deposit could not be held on this card. ${declineMessage(held.reason)}`, 'card');
  }
  return { auth, requestHolds, depositHolds: held.holds, balancePence };
}

/**
 * Strong customer authentication, once for everything the checkout holds on a card typed in: the
 * source to authorise with, or the challenge the attempt now waits for (its dates held meanwhile).
 */
async function authenticate(ctx: CheckoutContext, ask: AuthorisationAsk, balancePence: number): Promise<PaymentSource | ChallengeOutcome> {
  const { given, attempt, split, basket } = ask;
  if (!('card' in given)) return given;
  const depositsPence = split.lines.reduce((sum, b) => sum + basket.depositOf(b.itemId), 0);
  const heldPence = split.instantPence - balancePence + split.requests.reduce((sum, r) => sum + r.amountPence, 0) + depositsPence;
  const sca = await ctx.payments.authenticate({ amountPence: heldPence, card: given.card, reference: attempt.id });
  if (sca.status === 'authenticated') return { authenticationId: sca.authenticationId };
  if (sca.status !== 'challenge') return given;
  const expiresAt = new Date(ctx.now().getTime() + CHALLENGE_TIMEOUT_MS);
  const parked = await ctx.attempts.awaitChallenge(
    attempt.id,
    attempt.claim,
    {
      authenticationId: sca.authenticationId,
      pending: { lines: ask.lines, useBalance: ask.useBalance, amountPence: heldPence, brand: sca.brand, last4: sca.last4 },
      expiresAt,
    },
    ctx.now(),
  );
  if (!parked) throw new StaleClaimError();
  await enqueueChallengeSweep(ctx.jobs, attempt, expiresAt);
  // Its dates now count as taken for browsing too, until the challenge ends.
  ctx.onBooked();
  return { challenge: { attemptId: attempt.id } };
}

/** The processor, recording each authorisation it gives on the attempt before answering. */
function rememberingProvider(payments: PaymentProvider, remember: (authorizationId: string) => Promise<unknown>): PaymentProvider {
  return {
    name: payments.name,
    async authorize(input) {
      const result = await payments.authorize(input);
      if (result.ok) await remember(result.authorizationId);
      return result;
    },
    capture: (id, amountPence) => payments.capture(id, amountPence),
    void: (id) => payments.void(id),
    refund: (input) => payments.refund(input),
    refundStatus: (id) => payments.refundStatus(id),
    authenticate: (input) => payments.authenticate(input),
    completeChallenge: (id, approved) => payments.completeChallenge(id, approved),
    authenticationStatus: (id) => payments.authenticationStatus(id),
    savePaymentMethod: (input) => payments.savePaymentMethod(input),
  };
}

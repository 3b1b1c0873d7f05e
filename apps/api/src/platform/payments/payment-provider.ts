import type { CardBrand, CardInput } from '@toolshed/core';

/** `authentication_required`: the card's bank asks for strong customer authentication (3-D Secure) and none was done. */
export type DeclineReason = 'declined' | 'insufficient_funds' | 'processing_error' | 'authentication_required';

/**
 * What is authorised: the card as typed, or the card a 3-D Secure authentication holds at the
 * processor (its id: the card is not sent again, as with a real processor's payment method).
 */
export type PaymentSource =
  | { card: CardInput }
  | { authenticationId: string }
  /**
   * A payment method the processor keeps for us (`savePaymentMethod`), charged while the cardholder
   * is away (`offSession`): their bank cannot be asked for a challenge then, so a card that needs one
   * is declined `authentication_required`, as real processors answer.
   */
  | { paymentMethodId: string; offSession: true };

/** The card given at checkout or on the deposit page, as the processor's reusable payment method (never our copy of its number). */
export type SavedPaymentMethod =
  { ok: true; paymentMethodId: string; brand: CardBrand; last4: string } | { ok: false; reason: DeclineReason };

/**
 * The answer to starting strong customer authentication (PSD2): the card needs none, the issuer
 * authenticated the cardholder without asking (frictionless), or the cardholder must answer the
 * issuer's challenge (the next action: its page) before anything is authorised.
 */
export type AuthenticationResult =
  | { status: 'not_required' }
  | { status: 'authenticated'; authenticationId: string }
  | { status: 'challenge'; authenticationId: string; brand: CardBrand; last4: string };

/** Where an authentication stands: the challenge not answered yet, passed, or failed. */
export type AuthenticationState = 'pending' | 'authenticated' | 'failed';

/** A refusal the processor names with a code, as real ones do (`authorisation_expired`: the hold lapsed before its capture). */
export class PaymentProcessorError extends Error {
  constructor(
    readonly code: 'authorisation_expired' | 'authorisation_voided' | 'amount_too_large',
    message: string,
  ) {
    super(message);
  }
}

export type AuthorizationResult =
  { ok: true; authorizationId: string; brand: CardBrand; last4: string } | { ok: false; reason: DeclineReason };

/**
 * A card processor, shaped like real ones: authorize holds the money, capture takes it once the
 * booking is stored, void releases the hold when the booking cannot be made. Card numbers go in and
 * never come back out: only brand and last four digits. Capture and void must be idempotent (capturing
 * a captured hold succeeds): a capture that failed, or whose answer was lost, is retried by a job.
 * A refund returns captured money to the card, with its own states.
 */
/**
 * A refund's state at the processor: pending until the card network confirms it (real processors
 * answer most at once, some later), then succeeded, or failed (the card was closed, say).
 */
export type RefundResult =
  { status: 'pending' | 'succeeded'; refundId: string } | { status: 'failed'; refundId: string | null; reason: string };

export interface PaymentProvider {
  readonly name: string;
  /**
   * Starts 3-D Secure for a payment of `amountPence` (all the checkout's holds together). When it
   * answers authenticated, authorise with its id; when it answers challenge, the cardholder answers on
   * the issuer's page first (`completeChallenge`), and `authenticationStatus` says how it went.
   */
  authenticate(input: { amountPence: number; card: CardInput; reference: string }): Promise<AuthenticationResult>;
  /** The issuer's page: the cardholder approved the payment or refused it. Answers where it stands (the first answer wins). */
  completeChallenge(authenticationId: string, approved: boolean): Promise<AuthenticationState>;
  authenticationStatus(authenticationId: string): Promise<AuthenticationState>;
  /**
   * Holds the money. A card whose bank asks for authentication is declined
   * (`authentication_required`) unless it comes with an authentication that passed.
   */
  authorize(input: { amountPence: number; reference: string } & PaymentSource): Promise<AuthorizationResult>;
  /**
   * Keeps the card (typed, or the one a passed authentication holds) as a reusable payment method,
   * with the cardholder's consent, for later authorisations off-session (a deposit held shortly
   * before the rental starts, an authorisation renewed before it lapses).
   */
  savePaymentMethod(input: { reference: string } & ({ card: CardInput } | { authenticationId: string })): Promise<SavedPaymentMethod>;
  /**
   * Takes the whole hold, or only `amountPence` of it (a deposit claimed in part: the rest is released).
   * An authorisation lapses (about 7 days for online card payments): capturing it after that fails
   * with `PaymentProcessorError` `authorisation_expired`.
   */
  capture(authorizationId: string, amountPence?: number): Promise<void>;
  void(authorizationId: string): Promise<void>;
  /**
   * Gives back `amountPence` of a captured authorisation (all of it or part; several parts may be
   * refunded, never more than was captured). Idempotent by `reference`: asking again with it answers
   * the same refund, so a lost answer is retried without refunding twice.
   */
  refund(input: { authorizationId: string; amountPence: number; reference: string }): Promise<RefundResult>;
  /** Where a refund that answered pending has got to. */
  refundStatus(refundId: string): Promise<RefundResult>;
}

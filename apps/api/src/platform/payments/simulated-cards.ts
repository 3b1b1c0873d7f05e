import { cardBrand, cardDigits, TEST_CARDS, type CardBrand } from '@toolshed/core';
import type { DeclineReason } from './payment-provider.ts';

/** How each 3-D Secure test card behaves (docs/PAYMENTS.md). */
export type Sca = 'challenge' | 'challenge_fails' | 'frictionless' | 'challenge_then_declined';

/** How a card behaves at the simulator: one of the documented test cards, or approved (any other number). */
export type CardKind = 'approved' | Exclude<DeclineReason, 'authentication_required'> | Sca;

const OUTCOMES = new Map<string, Exclude<DeclineReason, 'authentication_required'>>([
  [cardDigits(TEST_CARDS.declined), 'declined'],
  [cardDigits(TEST_CARDS.insufficientFunds), 'insufficient_funds'],
  [cardDigits(TEST_CARDS.processingError), 'processing_error'],
]);

export const SCA_CARDS = new Map<string, Sca>([
  [cardDigits(TEST_CARDS.challenge), 'challenge'],
  [cardDigits(TEST_CARDS.challengeFails), 'challenge_fails'],
  [cardDigits(TEST_CARDS.frictionless), 'frictionless'],
  [cardDigits(TEST_CARDS.challengeThenDeclined), 'challenge_then_declined'],
]);

/** The number of each 3-D Secure test card, by its kind. */
export const SCA_DIGITS = new Map<Sca, string>([...SCA_CARDS].map(([digits, sca]) => [sca, digits]));

/** A card as the simulator needs to know it: how it behaves and how it is shown, never its number. */
export interface CardProfile {
  kind: CardKind;
  brand: CardBrand;
  last4: string;
}

export function profileOf(digits: string): CardProfile {
  return { kind: OUTCOMES.get(digits) ?? SCA_CARDS.get(digits) ?? 'approved', brand: cardBrand(digits), last4: digits.slice(-4) };
}

/**
 * What a card without a passed authentication answers: its test decline, `authentication_required`
 * for a 3-D Secure test card (nothing authenticated it, and off-session its bank cannot ask), or
 * undefined when it is approved.
 */
export function declineOf(kind: CardKind): DeclineReason | undefined {
  if (kind === 'approved') return undefined;
  if (kind === 'declined' || kind === 'insufficient_funds' || kind === 'processing_error') return kind;
  return 'authentication_required';
}

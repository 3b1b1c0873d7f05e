import type { CardField } from '@toolshed/core';
import { ApiError, errorMessage } from '../../lib/api-error.ts';

export const PAYMENT_FAILED = 'Payment failed. Please try again.';

export interface PaymentFailure {
  /** The alert's first line. */
  message: string;
  detail: string | null;
  /** Where the problem can be put right, when it is not on this page. */
  fix: 'checkout' | 'address' | null;
  /** A card field the server refused, with its words. */
  field: { name: CardField; message: string } | null;
}

const CARD_FIELDS: readonly string[] = ['number', 'expiry', 'cvv', 'name'];

/** What a failed checkout call means to the person paying. */
export function describeFailure(error: unknown): PaymentFailure {
  const failure: PaymentFailure = { message: PAYMENT_FAILED, detail: null, fix: null, field: null };
  if (!(error instanceof ApiError)) return failure;
  const { status, field } = error;
  // A decline: the spec's first line, then the bank's reason in the server's words (each its own).
  if (status === 402) return { ...failure, detail: error.message && error.message !== PAYMENT_FAILED ? error.message : null };
  if (status === 0) {
    return { ...failure, detail: 'We could not reach Toolshed. Check your connection, then try again: you will not be charged twice.' };
  }
  // The first try with this key is still running (or crashed and is taken over after two minutes):
  // paying again from this page sends the same key, so it is never charged twice.
  if (status === 409 && field === 'idempotencyKey') return { ...failure, message: error.message };
  // The Toolshed balance was spent meanwhile: nothing was charged, and paying again here uses what is left.
  if (status === 409 && field === 'balance') return { ...failure, message: error.message };
  if (status === 409) return { ...failure, message: error.message, fix: 'checkout' };
  if (status === 400 && field === 'address') return { ...failure, message: error.message, fix: 'address' };
  if ((status === 400 || status === 404) && field === 'lines') return { ...failure, message: error.message, fix: 'checkout' };
  if (status === 400 && field?.startsWith('card.') && CARD_FIELDS.includes(field.slice(5))) {
    return { ...failure, field: { name: field.slice(5) as CardField, message: error.message } };
  }
  return { ...failure, detail: errorMessage(error) };
}

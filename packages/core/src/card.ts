/** Card checks done before anything is sent to the payment provider. The full number is never kept. */
import type { IsoDate } from './dates.ts';

export interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
  name: string;
}

export type CardField = keyof CardInput;
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

const CARD_BRAND_NAMES: Record<CardBrand, string | null> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unknown: null,
};

/** A stored brand as people write it ('visa' -> 'Visa'); null for a brand we do not name. */
export function cardBrandName(brand: string): string | null {
  return Object.hasOwn(CARD_BRAND_NAMES, brand) ? CARD_BRAND_NAMES[brand as CardBrand] : null;
}

/** Why an MM/YY expiry cannot be used today, or null. A card is valid to the end of its expiry month. */
export function expiryProblem(expiry: string, today: IsoDate): string | null {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return 'Please enter the expiry date as MM/YY';
  return `20${m[2]}-${m[1]}` < today.slice(0, 7) ? 'This card has expired' : null;
}

/** Field problems, or an empty object when the card can be sent to the provider. */
export function cardProblems(card: CardInput, today: IsoDate): Partial<Record<CardField, string>> {
  const problems: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(card.number);
  if (!/^[\d\s-]+$/.test(card.number) || !luhnValid(digits)) problems.number = 'Please enter a valid card number';
  const expiry = expiryProblem(card.expiry, today);
  if (expiry) problems.expiry = expiry;
  const cvvLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!/^\d{3,4}$/.test(card.cvv.trim()) || (problems.number === undefined && card.cvv.trim().length !== cvvLength)) {
    problems.cvv = `Please enter the ${cvvLength}-digit security code`;
  }
  // A name of one letter is a name (an initial, a mononym); blank or absurdly long is not.
  const name = card.name.replace(/[\s\u200B-\u200D\u2060\uFEFF]+/g, ' ').trim();
  if (name.length < 1 || name.length > 100) problems.name = 'Please enter the name on the card';
  return problems;
}

/** Test cards of the simulated processor (documented in docs/PAYMENTS.md). */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  successMastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  processingError: '4000 0000 0000 0119',
  /** 3-D Secure: the bank's challenge, approved on its page, then authorised. */
  challenge: '4000 0027 6000 3184',
  /** 3-D Secure: the bank's challenge always fails (as a wrong code would). */
  challengeFails: '4000 0084 0000 1280',
  /** 3-D Secure passed without a challenge (frictionless). */
  frictionless: '4000 0000 0000 3055',
  /** 3-D Secure challenge passed, then the bank declines for insufficient funds. */
  challengeThenDeclined: '4000 0082 6000 3178',
} as const;

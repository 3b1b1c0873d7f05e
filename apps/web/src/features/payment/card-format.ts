import { cardBrand, type CardBrand } from '@toolshed/core';

/** Digits as typed or pasted, grouped the way the card prints them (American Express 4-6-5). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** '1230' -> '12/30'; the slash appears once the year is being typed, so deleting it never fights back. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

const BRAND_NAMES: Record<CardBrand, string | null> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', unknown: null };

export function brandName(brand: string): string | null {
  return brand in BRAND_NAMES ? BRAND_NAMES[brand as CardBrand] : null;
}

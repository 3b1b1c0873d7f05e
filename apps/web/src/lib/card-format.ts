import { cardBrand } from '@toolshed/core';

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

/** 'visa' -> 'Visa' (the names are core's, so the server's CSV says the same). */
export { cardBrandName as brandName } from '@toolshed/core';

import { checkPhone, findPhoneCountry, type PhoneCountry } from '@toolshed/core';
// The full metadata: its per-country patterns say which numbers exist; the smaller `min` set checks
// lengths and leading digits only. Server-side only, so its size never reaches the web app (decision 028).
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export type ServerPhoneCheck =
  { ok: true; country: PhoneCountry; e164: string; national: string } | { ok: false; field: 'countryCode' | 'number'; message: string };

/** 'the United Kingdom', 'Germany': the country as a sentence names it. */
const inSentence = (country: PhoneCountry) => (/^(United|Netherlands)/.test(country.name) ? `the ${country.name}` : country.name);

/** What the owner of a number is told when no such number exists in its country. */
export const notInCountryMessage = (country: PhoneCountry) => `Please enter a valid phone number for ${inSentence(country)}`;

/**
 * A phone number as the server accepts it: the form's digit check first (core's checkPhone, the
 * spec's per-country lengths), then libphonenumber's, which refuses numbers no network of that
 * country can have (US 000 000 0000, a UK mobile in the range kept for drama, 07700 900xxx).
 */
export function checkPhoneNumber(countryCode: string | null | undefined, number: string | null | undefined): ServerPhoneCheck {
  const first = checkPhone(countryCode, number);
  if (!first.ok) return first;
  const parsed = parsePhoneNumberFromString(first.e164);
  if (!parsed?.isValid()) return { ok: false, field: 'number', message: notInCountryMessage(first.country) };
  return { ok: true, country: first.country, e164: parsed.number, national: parsed.formatNational() };
}

/**
 * A stored number in E.164 ('+447400123456'). Rows saved before numbers were stored so hold the
 * national digits without the dial code ('7400123456'), with the country beside them: both are read.
 */
export function storedE164(countryCode: string | null | undefined, stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (stored.startsWith('+')) return stored;
  const country = findPhoneCountry(countryCode);
  return country ? `${country.dialCode}${stored}` : null;
}

/** A stored number as people write it at home ('07400 123456'), or null when there is none. */
export function storedNational(countryCode: string | null | undefined, stored: string | null | undefined): string | null {
  const e164 = storedE164(countryCode, stored);
  if (!e164) return null;
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

/** A stored number for its owner's profile: the national digits (the form's field) and the national format. */
export function storedPhoneView(
  countryCode: string | null | undefined,
  stored: string | null | undefined,
): { nationalNumber: string; national: string } | null {
  const e164 = storedE164(countryCode, stored);
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!e164) return null;
  return parsed ? { nationalNumber: parsed.nationalNumber, national: parsed.formatNational() } : { nationalNumber: e164, national: e164 };
}

/**
 * A contact number read as 'GB +447400123456' (or, saved before E.164, 'GB 7400123456': the country
 * and the stored number, as the rental and notification queries join them) in national format.
 */
export function contactPhone(joined: string | null): string | null {
  if (!joined) return null;
  const [countryCode, stored] = joined.split(' ', 2);
  return storedNational(countryCode, stored) ?? joined;
}

/**
 * Phone numbers: the countries we accept, with their dial codes and how many digits the national
 * number has. One table for the form and the server: the form's first, friendly check. The server then
 * also asks libphonenumber whether such a number exists (apps/api modules/profile/phone-number.ts).
 */
export interface PhoneCountry {
  /** ISO 3166 alpha-2, e.g. 'GB'. */
  code: string;
  name: string;
  dialCode: string;
  flag: string;
  /** Digits of the national number (without the dial code). */
  minDigits: number;
  maxDigits: number;
  /**
   * The national trunk prefix '0' that people type at home ('07700 900123') but that is dropped
   * after the dial code (+44 7700 900123). One such 0 is removed before the digits are counted.
   */
  trunkZero?: boolean;
  /** GB national numbers never start with 0 once the trunk 0 is gone. */
  noLeadingZero?: boolean;
}

interface CountryOptions {
  trunkZero?: boolean;
  noLeadingZero?: boolean;
}

const country = (
  code: string,
  name: string,
  dialCode: string,
  flag: string,
  minDigits: number,
  maxDigits = minDigits,
  options: CountryOptions = {},
): PhoneCountry => ({
  code,
  name,
  dialCode,
  flag,
  minDigits,
  maxDigits,
  ...options,
});

const TRUNK: CountryOptions = { trunkZero: true };

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  country('GB', 'United Kingdom', '+44', '🇬🇧', 9, 10, { trunkZero: true, noLeadingZero: true }),
  country('US', 'United States', '+1', '🇺🇸', 10),
  country('DE', 'Germany', '+49', '🇩🇪', 10, 12, TRUNK),
  country('FR', 'France', '+33', '🇫🇷', 9, 9, TRUNK),
  // Italian numbers keep their leading 0 after +39; Spain, Norway, Denmark and Poland have no trunk prefix.
  country('IT', 'Italy', '+39', '🇮🇹', 9, 10),
  country('ES', 'Spain', '+34', '🇪🇸', 9),
  country('NL', 'Netherlands', '+31', '🇳🇱', 9, 9, TRUNK),
  country('BE', 'Belgium', '+32', '🇧🇪', 9, 9, TRUNK),
  country('AT', 'Austria', '+43', '🇦🇹', 10, 12, TRUNK),
  country('CH', 'Switzerland', '+41', '🇨🇭', 9, 9, TRUNK),
  country('SE', 'Sweden', '+46', '🇸🇪', 9, 9, TRUNK),
  country('NO', 'Norway', '+47', '🇳🇴', 8),
  country('DK', 'Denmark', '+45', '🇩🇰', 8),
  country('FI', 'Finland', '+358', '🇫🇮', 9, 9, TRUNK),
  country('PL', 'Poland', '+48', '🇵🇱', 9),
  country('IE', 'Ireland', '+353', '🇮🇪', 9, 9, TRUNK),
];

export const PHONE_MESSAGES = {
  country: 'Please select a country',
  number: 'Please enter a phone number',
  invalid: 'Please enter a valid phone number',
  sendFailed: 'Failed to send verification code. Please try again.',
  wrongCode: 'Invalid verification code. Please try again.',
  verifyFailed: 'Failed to verify code. Please try again.',
  codeRequired: 'Please enter the verification code',
} as const;

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;

export function findPhoneCountry(code: string | null | undefined): PhoneCountry | undefined {
  return PHONE_COUNTRIES.find((c) => c.code === code);
}

/** The digits of what was typed: spaces, dashes, brackets and dots are ignored. */
export function phoneDigits(number: string): string {
  return number.replace(/\D/g, '');
}

/** The national number as written after the dial code: one trunk 0 typed at home is dropped. */
function nationalDigits(found: PhoneCountry, typed: string): string {
  const digits = phoneDigits(typed);
  return found.trunkZero && digits.startsWith('0') ? digits.slice(1) : digits;
}

export type PhoneCheck =
  | { ok: true; country: PhoneCountry; digits: string; e164: string; formatted: string }
  | { ok: false; field: 'countryCode' | 'number'; message: string };

/** Checks a country and a national number with the spec's per-country digit rules. */
export function checkPhone(countryCode: string | null | undefined, number: string | null | undefined): PhoneCheck {
  const found = findPhoneCountry(countryCode);
  if (!found) return { ok: false, field: 'countryCode', message: PHONE_MESSAGES.country };
  if (!number || !number.trim()) return { ok: false, field: 'number', message: PHONE_MESSAGES.number };
  const digits = nationalDigits(found, number);
  const lengthOk = digits.length >= found.minDigits && digits.length <= found.maxDigits;
  // Only digits and the usual separators may be typed; letters make it invalid, not ignored.
  const charsOk = /^[\d\s().-]+$/.test(number.trim());
  if (!charsOk || !lengthOk || (found.noLeadingZero && digits.startsWith('0'))) {
    return { ok: false, field: 'number', message: PHONE_MESSAGES.invalid };
  }
  return { ok: true, country: found, digits, e164: `${found.dialCode}${digits}`, formatted: `${found.dialCode} ${digits}` };
}

/** '123456' and ' 123 456 ' are a code; anything else is not. */
export function normaliseCode(code: string): string | null {
  const compact = code.replace(/\s/g, '');
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(compact) ? compact : null;
}

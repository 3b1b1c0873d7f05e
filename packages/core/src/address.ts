import { isUkPostcode } from './postcode.ts';

/**
 * A UK postal address: the borrower's on their profile, and an item's pick-up location. The profile
 * form and the API (and the item form's location fields) check it with these rules and words.
 */
export interface PostalAddress {
  line: string;
  city: string;
  postcode: string;
}

export const ADDRESS_LIMITS = { line: 200, city: 100 } as const;

export const ADDRESS_MESSAGES = {
  line: 'Please enter your street address',
  city: 'Please enter your town or city',
  postcode: 'Please enter a valid UK postcode',
  lineTooLong: `The address can be at most ${ADDRESS_LIMITS.line} characters`,
  cityTooLong: `The city can be at most ${ADDRESS_LIMITS.city} characters`,
} as const;

export type AddressProblems = Partial<Record<keyof PostalAddress, string>>;

export function addressProblems(address: PostalAddress): AddressProblems {
  const problems: AddressProblems = {};
  const line = address.line.trim();
  const city = address.city.trim();
  if (!line) problems.line = ADDRESS_MESSAGES.line;
  else if (line.length > ADDRESS_LIMITS.line) problems.line = ADDRESS_MESSAGES.lineTooLong;
  if (!city) problems.city = ADDRESS_MESSAGES.city;
  else if (city.length > ADDRESS_LIMITS.city) problems.city = ADDRESS_MESSAGES.cityTooLong;
  if (!isUkPostcode(address.postcode)) problems.postcode = ADDRESS_MESSAGES.postcode;
  return problems;
}

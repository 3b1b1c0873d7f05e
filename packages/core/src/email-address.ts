/** An email address as the forms and the API accept it: something@somewhere.tld, at most 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_MESSAGES = {
  missing: 'Please enter your email address.',
  invalid: 'Please enter a valid email address.',
} as const;

export function isEmailAddress(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The message for a typed email address, or undefined when it is one. */
export function emailProblem(value: string): string | undefined {
  if (!value.trim()) return EMAIL_MESSAGES.missing;
  return isEmailAddress(value) ? undefined : EMAIL_MESSAGES.invalid;
}

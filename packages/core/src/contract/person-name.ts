/** A person's name, at sign-up and wherever it is changed: trimmed, 1 to 100 characters. */
export const PERSON_NAME_MAX = 100;

export const PERSON_NAME_MESSAGES = {
  required: 'Please enter your name',
  tooLong: `Your name can be at most ${PERSON_NAME_MAX} characters`,
} as const;

/** The trimmed name, or the message saying what is wrong with it. */
export function checkPersonName(value: unknown): { ok: true; name: string } | { ok: false; message: string } {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, message: PERSON_NAME_MESSAGES.required };
  const name = value.trim();
  // Counted in characters as people see them, so an accented or emoji name is not cut short.
  if (name.length > PERSON_NAME_MAX * 2 || [...name].length > PERSON_NAME_MAX) return { ok: false, message: PERSON_NAME_MESSAGES.tooLong };
  return { ok: true, name };
}

/** A message about an item: at most this many characters (counted as the user sees them). */
export const MESSAGE_MAX_LENGTH = 500;

export const MESSAGE_ERRORS = {
  blank: 'Please write a message.',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`,
} as const;

/** Characters as a person counts them: an emoji is one, not two UTF-16 units. */
export function messageLength(body: string): number {
  return [...body].length;
}

/**
 * What shows nothing on screen: white space of every script (U+00A0, U+2003, U+3000, ...), the
 * invisible format characters Unicode says to ignore when they cannot be shown (U+200B-U+200D,
 * U+2060, U+FEFF, U+00AD, the Hangul fillers, variation selectors, ...) and the blank Braille cell.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** True when a text would show nothing at all: only spaces and invisible characters. */
function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

/** The same check for the form and the server: null when the body can be sent. */
export function messageBodyProblem(body: string): string | null {
  if (isBlank(body)) return MESSAGE_ERRORS.blank;
  if (messageLength(body) > MESSAGE_MAX_LENGTH) return MESSAGE_ERRORS.tooLong;
  return null;
}

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

/** The same check for the form and the server: null when the body can be sent. */
export function messageBodyProblem(body: string): string | null {
  if (body.trim() === '') return MESSAGE_ERRORS.blank;
  if (messageLength(body) > MESSAGE_MAX_LENGTH) return MESSAGE_ERRORS.tooLong;
  return null;
}

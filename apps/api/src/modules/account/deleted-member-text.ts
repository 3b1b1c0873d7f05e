/**
 * What 'Delete my account' leaves in place of a deleted member's name, items and words, in one
 * wording everywhere (the records others keep, the other party's notifications, the emails still to
 * go out), and how a notice that quoted them is rewritten without them.
 */

/** The member's name, wherever others' records name them. */
export const DELETED_USER_NAME = 'Deleted user';
/** The name of each of the member's items (their rentals stay on the other party's lists). */
export const DELETED_ITEM_NAME = 'Deleted item';
/** What the other party sees in place of a deleted member's messages. */
export const REMOVED_MESSAGE = 'This message was removed when its author deleted their account.';
/** What stands in place of the member's other words others keep: a claim's report or answer, a cancellation's reason. */
export const REMOVED_TEXT = 'Removed when its author deleted their account.';

/**
 * The member's words a notice's body may carry, as the notice wrote them:
 * - `message`: a message they sent (its notice quotes the start of it after their name);
 * - `quoted`: a claim's report or answer of theirs, in double quotes;
 * - `reason`: their reason for cancelling or declining, after 'Reason: ';
 * - `extension_reason`: their reason for declining an extension (kept nowhere else, so found by the notice's wording).
 */
export type MemberWordsInNotice =
  { kind: 'message' } | { kind: 'quoted'; text: string } | { kind: 'reason'; text: string } | { kind: 'extension_reason' };

export interface NoticeText {
  title: string;
  body: string;
}

export interface NoticeToScrub extends NoticeText {
  /** The member's item names the notice may name: its item's when it is theirs, or theirs among an order's lines. */
  itemNames: readonly string[];
  /** Their words in its body, if any. */
  words: MemberWordsInNotice | null;
}

/** Characters a name is part of: a name is replaced where it stands as a whole, not inside a longer word. */
const WORD = '[\\p{L}\\p{N}]';

function wholeWords(text: string, phrase: string, replacement: string): string {
  if (phrase.trim() === '') return text;
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<!${WORD})${escaped}(?!${WORD})`, 'gu'), () => replacement);
}

/** The body with the member's words replaced; the whole body when they cannot be told apart from the rest. */
function withoutWords(body: string, words: MemberWordsInNotice): string {
  switch (words.kind) {
    case 'message':
      return `${DELETED_USER_NAME}: ${REMOVED_MESSAGE}`;
    case 'quoted':
    case 'reason': {
      const [as, removed] =
        words.kind === 'quoted' ? [`"${words.text}"`, `"${REMOVED_TEXT}"`] : [`Reason: ${words.text}`, `Reason: ${REMOVED_TEXT}`];
      if (body.includes(as)) return body.split(as).join(removed);
      return words.text !== '' && body.includes(words.text) ? REMOVED_TEXT : body;
    }
    case 'extension_reason': {
      // '... Reason: <theirs> Nothing was charged; ...': greedy, so a reason that itself says 'Nothing was charged;' goes whole.
      const rewritten = body.replace(/ Reason: [\s\S]* Nothing was charged;/u, () => ` Reason: ${REMOVED_TEXT} Nothing was charged;`);
      return rewritten !== body || !body.includes('Reason:') ? rewritten : REMOVED_TEXT;
    }
  }
}

/**
 * A notice of someone else's as it reads once the member is deleted: their words first (they may
 * hold the item's or the member's name), then their item names (longest first, so one name inside
 * another goes whole), then their name, each replaced where it stands as a whole word.
 */
export function scrubNotice(notice: NoticeToScrub, memberName: string): NoticeText {
  let { title, body } = notice;
  if (notice.words) body = withoutWords(body, notice.words);
  const names = [...new Set(notice.itemNames)].sort((a, b) => b.length - a.length);
  for (const name of names) {
    title = wholeWords(title, name, DELETED_ITEM_NAME);
    body = wholeWords(body, name, DELETED_ITEM_NAME);
  }
  return { title: wholeWords(title, memberName, DELETED_USER_NAME), body: wholeWords(body, memberName, DELETED_USER_NAME) };
}

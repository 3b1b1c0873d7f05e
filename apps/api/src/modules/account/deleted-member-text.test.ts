import { describe, expect, it } from 'vitest';
import { DELETED_ITEM_NAME, DELETED_USER_NAME, REMOVED_MESSAGE, REMOVED_TEXT, scrubNotice } from './deleted-member-text.ts';

const notice = (title: string, body: string, extra: Partial<Parameters<typeof scrubNotice>[0]> = {}) =>
  scrubNotice({ title, body, itemNames: [], words: null, ...extra }, 'Al Stone');

describe('a notice of the other party once the member is deleted', () => {
  it('names a Deleted user where the member stood as a whole name, not inside other words', () => {
    expect(notice('New review from Al Stone', 'Al Stone reviewed you for the rental of Al Stoneware jug (1 Dec to 2 Dec).')).toEqual({
      title: `New review from ${DELETED_USER_NAME}`,
      body: `${DELETED_USER_NAME} reviewed you for the rental of Al Stoneware jug (1 Dec to 2 Dec).`,
    });
    expect(notice("Al Stone's rental", 'x').title).toBe(`${DELETED_USER_NAME}'s rental`);
    // Characters that mean something to a pattern are read as they are.
    expect(
      scrubNotice({ title: 'From J. (Jo) Smith+', body: 'J. (Jo) Smith+ booked', itemNames: [], words: null }, 'J. (Jo) Smith+'),
    ).toEqual({
      title: `From ${DELETED_USER_NAME}`,
      body: `${DELETED_USER_NAME} booked`,
    });
  });

  it('names their items Deleted item, the longest name first, and leaves the other party’s item alone', () => {
    const text = notice('Order paid: £30.00', 'You paid £30.00 for Drill, Drill bits and Ladder.', { itemNames: ['Drill', 'Drill bits'] });
    expect(text.body).toBe(`You paid £30.00 for ${DELETED_ITEM_NAME}, ${DELETED_ITEM_NAME} and Ladder.`);
  });

  it('replaces a message of theirs whole', () => {
    expect(notice('New message from Al Stone about Ladder', 'Al Stone: call me on 07700 900123', { words: { kind: 'message' } })).toEqual({
      title: `New message from ${DELETED_USER_NAME} about Ladder`,
      body: `${DELETED_USER_NAME}: ${REMOVED_MESSAGE}`,
    });
  });

  it('replaces their quoted claim or answer, and their reason, keeping the amounts and dates around them', () => {
    const quoted = notice(
      'Al Stone reported a problem: Damaged',
      'Al Stone claims £5.00 for Ladder (1 Dec to 2 Dec): "a". Accept it or dispute it.',
      {
        words: { kind: 'quoted', text: 'a' },
      },
    );
    expect(quoted.body).toBe(`${DELETED_USER_NAME} claims £5.00 for Ladder (1 Dec to 2 Dec): "${REMOVED_TEXT}". Accept it or dispute it.`);
    const reason = notice(
      'Rental cancelled: Ladder',
      'Al Stone cancelled your rental of Ladder from 1 Dec to 2 Dec. Reason: no. £22.00 was refunded.',
      {
        words: { kind: 'reason', text: 'no.' },
      },
    );
    expect(reason.body).toBe(
      `${DELETED_USER_NAME} cancelled your rental of Ladder from 1 Dec to 2 Dec. Reason: ${REMOVED_TEXT} £22.00 was refunded.`,
    );
  });

  it('finds an extension reason, kept nowhere else, by the notice’s wording, even one that repeats it', () => {
    const body =
      'Al Stone declined keeping Ladder until 9 Dec. Reason: away. Nothing was charged; honest. Nothing was charged; the rental still ends on 5 Dec.';
    expect(notice('Extension declined: Ladder', body, { words: { kind: 'extension_reason' } }).body).toBe(
      `${DELETED_USER_NAME} declined keeping Ladder until 9 Dec. Reason: ${REMOVED_TEXT} Nothing was charged; the rental still ends on 5 Dec.`,
    );
  });

  it('drops the whole body when their words are there but not as the notice was known to quote them', () => {
    expect(notice('t', 'They said: broken handle.', { words: { kind: 'quoted', text: 'broken handle' } }).body).toBe(REMOVED_TEXT);
    expect(notice('t', 'Reason: away, no more', { words: { kind: 'extension_reason' } }).body).toBe(REMOVED_TEXT);
    // No reason in it at all: left as it is.
    expect(notice('t', 'Declined without a word', { words: { kind: 'extension_reason' } }).body).toBe('Declined without a word');
  });
});

import { describe, expect, it } from 'vitest';
import { CommonWords, type TokenPostings, type WordStatistics } from './common-words.ts';
import { postingsAnswer, preparable } from './browse-sql.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('common words', () => {
  it('adds up the postings of the common tokens containing the word, against the threshold', async () => {
    const reads: number[] = [];
    const words = new CommonWords(async () => {
      reads.push(1);
      const tokens: TokenPostings[] = [
        { token: 'with', postings: 90_000 },
        { token: 'spring', postings: 12_000 },
        { token: 'string', postings: 9_000 },
      ];
      return { tokens, listed: {} };
    }, 20_000);
    // Nothing is common until the statistics have been read (in the background).
    expect(words.isCommon('with')).toBe(false);
    await settle();
    expect(words.isCommon('with')).toBe(true);
    expect(words.isCommon('ring')).toBe(true); // spring + string
    expect(words.isCommon('spring')).toBe(false);
    expect(words.isCommon('drill')).toBe(false);
    expect(reads).toHaveLength(1);
  });

  it('reads again after the refresh interval, and keeps going when a read fails', async () => {
    let now = 0;
    let answer: WordStatistics | Error = new Error('no statistics');
    const words = new CommonWords(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    }, 100, 1_000, () => now);
    expect(words.isCommon('and')).toBe(false);
    await settle();
    answer = { tokens: [{ token: 'and', postings: 500 }], listed: {} };
    expect(words.isCommon('and')).toBe(false);
    now = 1_000;
    words.isCommon('and');
    await settle();
    expect(words.isCommon('and')).toBe(true);
  });

  it("counts a category's share of the postings: common in the catalogue is not common in a small category", async () => {
    const words = new CommonWords(async () => ({
      tokens: [
        { token: 'and', postings: 58_000 },
        { token: 'hand', postings: 4_000 },
      ],
      listed: { 'power-tools': 40_000, 'cleaning-equipment': 7_000, 'garden-tools': 53_000 },
    }), 20_000);
    words.isCommon('and');
    await settle();
    // 62,000 postings over 100,000 listed items.
    expect(words.isCommon('and')).toBe(true);
    expect(words.isCommon('and', null)).toBe(true);
    expect(words.isCommon('and', 'power-tools')).toBe(true); // 24,800
    expect(words.isCommon('and', 'garden-tools')).toBe(true); // 32,860
    expect(words.isCommon('and', 'cleaning-equipment')).toBe(false); // 4,340
    expect(words.isCommon('hand', 'power-tools')).toBe(false);
    // A category the counts do not know yet (listed since they were read) is judged as the whole catalogue.
    expect(words.isCommon('and', 'new-category')).toBe(true);
  });

  it('sends a common word to the items path, unprepared', () => {
    const isCommon = (w: string) => w === 'with';
    expect(postingsAnswer(['drill'], isCommon)).toBe(true);
    expect(postingsAnswer(['with'], isCommon)).toBe(false);
    expect(postingsAnswer(['drill', 'with'], isCommon)).toBe(false);
    expect(preparable({ page: 1, pageSize: 24, search: 'with' }, isCommon)).toBe(false);
  });
});

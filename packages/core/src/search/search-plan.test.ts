import { describe, expect, it } from 'vitest';
import { planSearch, type VocabularyAnswer } from './search-plan.ts';

const answer = (known: string[], begins: string[], near: Record<string, string[]>): VocabularyAnswer => ({
  known: new Set(known),
  begins: new Set(begins),
  nearSpellings: new Map(Object.entries(near).map(([word, list]) => [word, list.map((w) => ({ word: w, items: 3 }))])),
});

describe('a word whose stem only begins catalogue words', () => {
  it('is read as the word it is a slip of when that word begins with the stem, and says so', () => {
    const plan = planSearch('dehydrater', answer(['dehydrator'], ['dehydrat'], { dehydrater: ['dehydrator', 'dehydrate'] }));
    expect(plan.corrected).toBe('dehydrator');
    expect(plan.clauses[0]!.alternatives).toContainEqual({ kind: 'slip', words: ['dehydrator'] });
    expect(plan.clauses[0]!.alternatives).toContainEqual({ kind: 'form', words: ['dehydrat'], prefix: true });
  });

  it('keeps its own form when the near word is another word ("mowing" is not "moving")', () => {
    const plan = planSearch('mowing', answer(['mower', 'moving'], ['mow'], { mowing: ['moving'] }));
    expect(plan.corrected).toBeUndefined();
    expect(plan.clauses[0]!.alternatives.map((a) => a.kind)).not.toContain('slip');
  });

  it('is not corrected when the words are searched as typed', () => {
    const plan = planSearch('dehydrater', answer(['dehydrator'], ['dehydrat'], { dehydrater: ['dehydrator'] }), true);
    expect(plan.corrected).toBeUndefined();
  });
});

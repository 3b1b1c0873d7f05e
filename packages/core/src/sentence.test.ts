import { describe, expect, it } from 'vitest';
import { asSentence } from './sentence.ts';

describe('asSentence', () => {
  it.each([
    ['Broken', 'Broken.'],
    ['Broken.', 'Broken.'],
    ['Broken..', 'Broken.'],
    ['  The bank account was closed.  ', 'The bank account was closed.'],
    ['Is it back?', 'Is it back?'],
    ['Sorry!', 'Sorry!'],
    ['', ''],
  ])('%j -> %j', (text, sentence) => {
    expect(asSentence(text)).toBe(sentence);
  });
});

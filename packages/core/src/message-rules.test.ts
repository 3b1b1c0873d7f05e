import { describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS, messageBodyProblem, messageLength } from './message-rules.ts';

describe('messageBodyProblem', () => {
  it.each([
    ['', MESSAGE_ERRORS.blank],
    ['   \n\t', MESSAGE_ERRORS.blank],
    ['a'.repeat(500), null],
    ['a'.repeat(501), MESSAGE_ERRORS.tooLong],
    ['🔨'.repeat(500), null],
    ['Is it free on Saturday?', null],
  ])('%j -> %s', (body, expected) => {
    expect(messageBodyProblem(body)).toBe(expected);
  });

  it('counts an emoji as one character', () => {
    expect(messageLength('🔨a')).toBe(2);
  });
});

describe('a message of invisible or space characters only is blank', () => {
  const invisible = [
    ['U+200B zero-width space', '\u200B'],
    ['U+00A0 no-break space', '\u00A0'],
    ['U+2003 em space', '\u2003'],
    ['U+3000 ideographic space', '\u3000'],
    ['U+FEFF zero-width no-break space', '\uFEFF'],
    ['U+200C zero-width non-joiner', '\u200C'],
    ['U+200D zero-width joiner', '\u200D'],
    ['U+2060 word joiner', '\u2060'],
    ['U+3164 Hangul filler', '\u3164'],
    ['U+2800 Braille blank', '\u2800'],
    ['U+00AD soft hyphen', '\u00AD'],
  ] as const;

  it.each(invisible)('%s alone, repeated, and among ordinary spaces', (_name, ch) => {
    expect(messageBodyProblem(ch)).toBe(MESSAGE_ERRORS.blank);
    expect(messageBodyProblem(ch.repeat(20))).toBe(MESSAGE_ERRORS.blank);
    expect(messageBodyProblem(` ${ch}\n${ch}\t`)).toBe(MESSAGE_ERRORS.blank);
  });

  it('all of them together are blank', () => {
    expect(messageBodyProblem(invisible.map(([, ch]) => ch).join(''))).toBe(MESSAGE_ERRORS.blank);
  });

  it.each(invisible)('%s around a visible word is a message', (_name, ch) => {
    expect(messageBodyProblem(`${ch}Hi${ch}`)).toBeNull();
  });

  it('keeps emoji sequences joined by U+200D and flags with variation selectors', () => {
    expect(messageBodyProblem('👩\u200D🔧')).toBeNull();
    expect(messageBodyProblem('❤\uFE0F')).toBeNull();
  });
});

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

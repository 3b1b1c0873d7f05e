import { describe, expect, it } from 'vitest';
import { passwordProblem, PASSWORD_MESSAGES } from './password-policy.ts';

describe('password policy', () => {
  it.each([
    ['short12', 'too-short'],
    ['x'.repeat(129), 'too-long'],
    ['password123', 'common'],
    ['Password123', 'common'],
    ['QWERTYUIOP', 'common'],
    ['maya@example.com', 'is-email'],
    ['correct horse battery', null],
    ['x'.repeat(128), null],
  ])('%s -> %s', (password, problem) => {
    expect(passwordProblem(password, 'Maya@example.com')).toBe(problem);
  });

  it('has a message for every problem', () => {
    expect(PASSWORD_MESSAGES.common).toMatch(/too common/);
  });
});

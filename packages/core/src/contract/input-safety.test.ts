import { describe, expect, it } from 'vitest';
import { findInputProblem, isStorableText } from './input-safety.ts';

describe('text the database can hold', () => {
  it.each([
    ['plain text', true],
    ['emoji \ud83d\udd28 (a surrogate pair)', true],
    ['tab\tnew line\n', true],
    ['nul \u0000 inside', false],
    ['lone high \ud800', false],
    ['lone low \udc00 x', false],
    ['reversed pair \udc00\ud800', false],
  ])('%j -> %s', (text, ok) => {
    expect(isStorableText(text)).toBe(ok);
  });
});

describe('the first problem in a request value', () => {
  it('names the path of a bad string or key, anywhere in the value', () => {
    expect(findInputProblem({ lines: [{ startDate: '2027-01-01' }, { startDate: 'x\u0000' }] })).toEqual({
      path: 'lines.1.startDate',
      problem: 'unstorable-text',
    });
    expect(findInputProblem({ ['k\u0000']: 1 })).toEqual({ path: 'k\u0000', problem: 'unstorable-text' });
    expect(findInputProblem('\ud800')).toEqual({ path: '', problem: 'unstorable-text' });
    expect(findInputProblem({ a: [1, null, true, 'fine'] })).toBeNull();
  });

  it('refuses deep nesting without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(deep)).toEqual({ path: Array(20).fill('0').join('.'), problem: 'too-deep' });
    expect(findInputProblem({ a: { b: { c: 1 } } }, 3)).toBeNull();
    expect(findInputProblem({ a: { b: { c: {} } } }, 3)?.problem).toBe('too-deep');
  });
});

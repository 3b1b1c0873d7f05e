import { describe, expect, it } from 'vitest';
import { loginPathFrom, safeReturnPath } from './safe-path.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/my-items', '/my-items'],
    ['/profile?tab=balance', '/profile?tab=balance'],
    [null, '/'],
    ['', '/'],
    ['my-items', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
  ])('keeps only same-site paths: %s -> %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

describe('loginPathFrom', () => {
  it('carries the path and query, encoded, in ?from=', () => {
    const url = new URL(loginPathFrom('/profile?tab=balance'), 'http://localhost');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('from')).toBe('/profile?tab=balance');
  });
});

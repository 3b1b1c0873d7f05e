import { describe, expect, it } from 'vitest';
import { createPath, parsePath, resolveTo } from './path.ts';

describe('paths', () => {
  it('splits and joins an address', () => {
    expect(parsePath('/profile?tab=profile#address')).toEqual({ pathname: '/profile', search: '?tab=profile', hash: '#address' });
    expect(parsePath('?page=2')).toEqual({ search: '?page=2' });
    expect(createPath({ pathname: '/a', search: 'b=1', hash: 'c' })).toBe('/a?b=1#c');
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
  });

  it.each([
    ['/login?from=%2Fcheckout', '/category/all', '/login?from=%2Fcheckout'],
    ['?page=2', '/category/all', '/category/all?page=2'],
    ['', '/category/all', '/category/all'],
    ['items', '/owner/u1', '/owner/u1/items'],
    ['../u2', '/owner/u1', '/owner/u2'],
    ['#address', '/profile', '/profile#address'],
  ])('%s from %s leads to %s', (to, from, expected) => {
    expect(createPath(resolveTo(to, from))).toBe(expected);
  });

  it('reads an object the same way as a string', () => {
    expect(resolveTo({ pathname: '/category/all', search: '?search=drill' }, '/x')).toEqual({
      pathname: '/category/all',
      search: '?search=drill',
      hash: '',
    });
    expect(resolveTo({ search: '' }, '/owner/u1')).toEqual({ pathname: '/owner/u1', search: '', hash: '' });
  });
});

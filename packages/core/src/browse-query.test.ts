import { describe, expect, it } from 'vitest';
import { filtersToQuery, readBrowseFilters } from './browse-query.ts';

describe('readBrowseFilters', () => {
  it('reads the address filters, blank as unset, and ignores pageSize and unrelated parameters', () => {
    const raw = readBrowseFilters(new URLSearchParams('search=drill&maxPrice=&page=2&pageSize=100&utm_source=x'));
    expect(raw).toEqual({
      search: 'drill',
      maxPrice: undefined,
      startDate: undefined,
      endDate: undefined,
      minRating: undefined,
      page: '2',
    });
  });
});

describe('filtersToQuery', () => {
  it.each([
    [{}, ''],
    [{ search: '  ', page: '' }, ''],
    [{ page: '2', search: ' cordless drill ' }, 'search=cordless+drill&page=2'],
    [
      { minRating: '4.5', startDate: '2026-12-01', maxPrice: '20', pageSize: '10' },
      'maxPrice=20&startDate=2026-12-01&minRating=4.5&pageSize=10',
    ],
    [{ search: 'a&b=c' }, 'search=a%26b%3Dc'],
  ])('%o -> %s', (filters, query) => {
    expect(filtersToQuery(filters)).toBe(query);
  });

  it('gives the same query for an address whatever the order of its parameters', () => {
    const a = filtersToQuery(readBrowseFilters(new URLSearchParams('page=3&search=saw')));
    const b = filtersToQuery(readBrowseFilters(new URLSearchParams('search=saw&page=3')));
    expect(a).toBe(b);
  });
});

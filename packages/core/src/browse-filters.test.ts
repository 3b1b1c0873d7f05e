import { describe, expect, it } from 'vitest';
import { FILTER_FIELD_LABELS, parseBrowseFilters, searchWords } from './browse-filters.ts';

const today = '2026-11-22';

describe('parseBrowseFilters', () => {
  it('treats blanks as no filter and applies defaults', () => {
    expect(parseBrowseFilters({ search: ' ', maxPrice: '', startDate: '', endDate: '', minRating: '' }, today)).toEqual({
      ok: true,
      value: { page: 1, pageSize: 24 },
    });
  });

  it('parses every filter', () => {
    const res = parseBrowseFilters(
      {
        search: ' Hedge   trimmer ',
        maxPrice: '12.5',
        startDate: '2026-11-22',
        endDate: '2026-11-25',
        minRating: '4.5',
        page: '2',
        pageSize: '12',
      },
      today,
    );
    expect(res).toEqual({
      ok: true,
      value: {
        search: 'Hedge trimmer',
        maxPricePence: 1250,
        startDate: '2026-11-22',
        endDate: '2026-11-25',
        minRating: 4.5,
        page: 2,
        pageSize: 12,
      },
    });
  });

  it('a start date alone is a one-day range', () => {
    const res = parseBrowseFilters({ startDate: '2026-12-01' }, today);
    expect(res.ok && res.value).toMatchObject({ startDate: '2026-12-01', endDate: '2026-12-01' });
  });

  it.each([
    [{ maxPrice: '-1' }, 'maxPrice'],
    [{ maxPrice: '£5' }, 'maxPrice'],
    [{ maxPrice: '5.123' }, 'maxPrice'],
    [{ startDate: '2026-11-21' }, 'startDate'],
    [{ endDate: '2026-11-30' }, 'startDate'],
    [{ startDate: '2026-11-30', endDate: '2026-11-29' }, 'endDate'],
    [{ minRating: '2' }, 'minRating'],
    [{ page: '0' }, 'page'],
    [{ pageSize: '0' }, 'pageSize'],
  ])('refuses %o naming %s in words people use', (raw, field) => {
    const res = parseBrowseFilters(raw, today);
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.field).toBe(field);
      expect(res.message.startsWith(FILTER_FIELD_LABELS[res.field])).toBe(true);
      // No query parameter names ('maxPrice', 'startDate') in what a person reads.
      expect(res.message).not.toMatch(/[a-z][A-Z]/);
    }
  });

  it.each([
    [{ maxPrice: 'abc' }, 'Max price must be an amount in pounds, 0 or more (for example 25 or 12.50)'],
    [{ startDate: '2026-11-21' }, 'Start date cannot be in the past'],
    [{ startDate: '2026-11-30', endDate: '2026-11-29' }, 'End date cannot be before the start date'],
    [{ endDate: '2026-11-30' }, 'Start date is needed when an end date is chosen'],
    [{ minRating: '2' }, 'Minimum rating must be 3, 3.5, 4, 4.5 or 5 stars'],
    [{ startDate: '2026-02-30' }, 'Start date must be a real calendar date'],
  ])('says %o as %s', (raw, message) => {
    const res = parseBrowseFilters(raw, today);
    expect(!res.ok && res.message).toBe(message);
  });

  it('splits search into lower-case words', () => {
    expect(searchWords('  Hedge TRIMMER ')).toEqual(['hedge', 'trimmer']);
    expect(searchWords(undefined)).toEqual([]);
  });
});

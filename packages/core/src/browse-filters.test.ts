import { describe, expect, it } from 'vitest';
import { parseBrowseFilters, searchWords } from './browse-filters.ts';

const today = '2026-11-22';

describe('parseBrowseFilters', () => {
  it('treats blanks as no filter and applies defaults', () => {
    expect(parseBrowseFilters({ search: ' ', maxPrice: '', startDate: '', endDate: '', minRating: '' }, today)).toEqual({
      ok: true,
      value: { page: 1, pageSize: 24 },
    });
  });

  it('parses every filter', () => {
    const res = parseBrowseFilters({ search: ' Hedge   trimmer ', maxPrice: '12.5', startDate: '2026-11-22', endDate: '2026-11-25', minRating: '4.5', page: '2', pageSize: '12' }, today);
    expect(res).toEqual({
      ok: true,
      value: { search: 'Hedge trimmer', maxPricePence: 1250, startDate: '2026-11-22', endDate: '2026-11-25', minRating: 4.5, page: 2, pageSize: 12 },
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
  ])('refuses %o naming %s', (raw, field) => {
    const res = parseBrowseFilters(raw, today);
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.field).toBe(field);
      expect(res.message).toContain(field);
    }
  });

  it('splits search into lower-case words', () => {
    expect(searchWords('  Hedge TRIMMER ')).toEqual(['hedge', 'trimmer']);
    expect(searchWords(undefined)).toEqual([]);
  });
});

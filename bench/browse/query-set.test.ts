import { describe, expect, it } from 'vitest';
import { addDays, compareDates, parseBrowseFilters } from '@toolshed/core';
import { BROWSE_VARIANTS, rotatingPaths, variantPath } from './query-set.ts';

const TODAY = '2030-06-10';

describe('the browse query set', () => {
  it.each(BROWSE_VARIANTS.map((v) => [variantPath(v, TODAY)]))(
    '%s is accepted by the API filter rules, within the next 60 days',
    (path) => {
      const params = Object.fromEntries(new URL(path, 'http://x').searchParams);
      const parsed = parseBrowseFilters(params, TODAY);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(parsed.value.search).toBeTruthy();
      expect(parsed.value.maxPricePence).toBeGreaterThan(0);
      expect(compareDates(parsed.value.endDate!, addDays(TODAY, 60))).toBeLessThanOrEqual(0);
    },
  );

  it('has a dozen distinct queries', () => {
    expect(new Set(BROWSE_VARIANTS.map((v) => variantPath(v, TODAY))).size).toBe(12);
  });

  it('hands the paths out in turn', () => {
    const next = rotatingPaths(['/a', '/b', '/c']);
    expect(Array.from({ length: 7 }, next)).toEqual(['/a', '/b', '/c', '/a', '/b', '/c', '/a']);
  });
});

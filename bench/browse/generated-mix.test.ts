import { describe, expect, it } from 'vitest';
import { addDays, compareDates, parseBrowseFilters } from '@toolshed/core';
import { generateMix, slices, takePerKind, withRareKindsToppedUp } from './generated-mix.ts';

const TODAY = '2030-06-10';

describe('the generated browse mix', () => {
  const mix = generateMix(3000, 15, TODAY);

  it('is the same for the same seed and different for another', () => {
    expect(generateMix(50, 15, TODAY)).toEqual(mix.slice(0, 50));
    expect(generateMix(50, 16, TODAY)).not.toEqual(mix.slice(0, 50));
  });

  it('never repeats a query', () => {
    expect(new Set(mix.map((q) => q.path)).size).toBe(mix.length);
  });

  it('only holds queries the API accepts: 0-2 words, ranges of 1-14 days within 120 days, pages 1-3', () => {
    for (const q of mix) {
      const url = new URL(q.path, 'http://x');
      const parsed = parseBrowseFilters(Object.fromEntries(url.searchParams), TODAY);
      expect(parsed.ok, q.path).toBe(true);
      if (!parsed.ok) continue;
      expect((parsed.value.search ?? '').split(' ').filter(Boolean).length).toBeLessThanOrEqual(2);
      expect(parsed.value.page).toBeLessThanOrEqual(3);
      if (parsed.value.startDate) {
        expect(compareDates(parsed.value.endDate!, addDays(TODAY, 120))).toBeLessThanOrEqual(0);
        expect(compareDates(parsed.value.endDate!, addDays(parsed.value.startDate, 13))).toBeLessThanOrEqual(0);
      }
    }
  });

  it('covers every filter alone and mixed, with and without a category', () => {
    const kinds = new Set(mix.map((q) => q.kind));
    for (const k of [
      'all',
      'category',
      'category+word',
      'category+words',
      'category+price',
      'category+dates',
      'category+rating',
      'all+word+price+dates',
      'category+word+price+dates+rating',
      // A place within a radius, alone and with words, dates, price and rating; a place at any distance; another order.
      'all+radius',
      'category+radius',
      'all+word+radius',
      'category+dates+radius',
      'category+price+radius',
      'all+rating+radius',
      'all+word+price+dates+radius',
      'all+near',
      'all+sort',
      'category+word+sort',
      'all+radius+sort',
    ]) {
      expect(kinds.has(k), k).toBe(true);
    }
  });

  it('takes up to a number of queries of each kind, in order, and leaves the rest', () => {
    const { taken, rest } = takePerKind(mix, 5);
    const perKind = new Map<string, number>();
    for (const q of taken) perKind.set(q.kind, (perKind.get(q.kind) ?? 0) + 1);
    expect(Math.max(...perKind.values())).toBe(5);
    expect(perKind.size).toBe(new Set(mix.map((q) => q.kind)).size);
    expect(taken.length + rest.length).toBe(mix.length);
    expect(new Set([...taken, ...rest].map((q) => q.path)).size).toBe(mix.length);
    expect(taken[0]).toEqual(mix[0]);
  });

  it('tops up the kinds the list holds few of from further on in the same stream, and only those', () => {
    const head = mix.slice(0, 1000);
    const topped = withRareKindsToppedUp(head, 8, 15, TODAY, 20_000);
    expect(topped.slice(0, head.length)).toEqual(head);
    const added = topped.slice(head.length);
    expect(added.length).toBeGreaterThan(0);
    expect(new Set(topped.map((q) => q.path)).size).toBe(topped.length);
    const before = new Map<string, number>();
    for (const q of head) before.set(q.kind, (before.get(q.kind) ?? 0) + 1);
    const after = new Map<string, number>();
    for (const q of topped) after.set(q.kind, (after.get(q.kind) ?? 0) + 1);
    for (const q of added) expect(before.get(q.kind) ?? 0, q.kind).toBeLessThan(8);
    for (const [kind, n] of after) if (n > (before.get(kind) ?? 0)) expect(n, kind).toBeLessThanOrEqual(8);
    // Each added query is one the stream gives later on: the longer list holds it too, after the head.
    const longer = new Set(
      generateMix(3000, 15, TODAY)
        .slice(head.length)
        .map((q) => q.path),
    );
    expect(added.filter((q) => longer.has(q.path)).length).toBeGreaterThan(0);
  });

  it('slices without overlap', () => {
    const [a, b] = slices(mix, [10, 20]);
    expect(a).toHaveLength(10);
    expect(b).toHaveLength(20);
    expect(new Set([...a!, ...b!].map((q) => q.path)).size).toBe(30);
  });
});

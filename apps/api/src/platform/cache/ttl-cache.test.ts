import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('forgets entries after their time and the oldest beyond its size', () => {
    let now = 0;
    const cache = new TtlCache<number>(100, 2, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
    now = 100;
    expect(cache.get('c')).toBeUndefined();
  });

  it('keeps nothing when its time limit or its size is 0 (a cache turned off)', async () => {
    for (const cache of [new TtlCache<number>(0, 5_000), new TtlCache<number>(15_000, 0)]) {
      cache.set('a', 1);
      expect(cache.size).toBe(0);
      expect(cache.get('a')).toBeUndefined();
      let calls = 0;
      await cache.getOrCompute('b', async () => ++calls);
      await cache.getOrCompute('b', async () => ++calls);
      expect(calls).toBe(2);
      expect(cache.size).toBe(0);
    }
  });

  it('computes once for concurrent callers and never keeps a result computed across a clear', async () => {
    const cache = new TtlCache<number>(1000, 10);
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      calls += 1;
      await gate;
      return calls;
    };
    const both = Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)]);
    cache.clear();
    release();
    expect(await both).toEqual([1, 1]);
    expect(calls).toBe(1);
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.getOrCompute('k', compute)).toBe(2);
    expect(cache.get('k')).toBe(2);
  });
});

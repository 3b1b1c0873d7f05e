import { describe, expect, it } from 'vitest';
import { scaleFromEnv } from './seed-sql.ts';

describe('BENCH_SCALE', () => {
  it('is the standard catalogue unless set', () => {
    expect(scaleFromEnv(undefined)).toBe(1);
    expect(scaleFromEnv('')).toBe(1);
  });

  it('takes a whole number from 1 to 20', () => {
    expect(scaleFromEnv('10')).toBe(10);
    for (const bad of ['0', '21', '2.5', 'ten', '-1'])
      expect(() => scaleFromEnv(bad), bad).toThrow('BENCH_SCALE must be a whole number from 1 to 20');
  });
});

import { describe, expect, it } from 'vitest';
import { figuresOf, isMeasured, medianFigures, meetsTargets } from './summary.ts';

const lhr = (score: number, lcp: number, cls: number) => ({
  categories: { performance: { score } },
  audits: {
    'largest-contentful-paint': { numericValue: lcp },
    'cumulative-layout-shift': { numericValue: cls },
    'first-contentful-paint': { numericValue: 900 },
    'total-blocking-time': { numericValue: 40 },
    'speed-index': { numericValue: 1200 },
    'total-byte-weight': { numericValue: 150_000 },
  },
});

describe('Lighthouse figures', () => {
  it('takes the median of three runs figure by figure', () => {
    const m = medianFigures([figuresOf(lhr(0.9, 3000, 0.01)), figuresOf(lhr(0.97, 1800, 0.2)), figuresOf(lhr(0.96, 2100, 0))]);
    expect(m).toMatchObject({ performance: 0.96, lcpMs: 2100, cls: 0.01 });
  });

  it('tells a run Lighthouse could not measure, and keeps it out of a median', () => {
    const unmeasured = figuresOf({ categories: { performance: { score: null } }, audits: {} } as unknown as Parameters<
      typeof figuresOf
    >[0]);
    expect(isMeasured(unmeasured)).toBe(false);
    expect(isMeasured(figuresOf(lhr(0.9, 3000, 0.01)))).toBe(true);
    expect(() => medianFigures([figuresOf(lhr(0.9, 3000, 0.01)), unmeasured, figuresOf(lhr(0.96, 2100, 0))])).toThrow(/every figure/);
  });

  it('meets the targets only with score >= 0.95, LCP under 2.5 s and CLS under 0.05', () => {
    expect(meetsTargets(figuresOf(lhr(0.95, 2499, 0.049)))).toBe(true);
    expect(meetsTargets(figuresOf(lhr(0.94, 1000, 0)))).toBe(false);
    expect(meetsTargets(figuresOf(lhr(0.99, 2500, 0)))).toBe(false);
    expect(meetsTargets(figuresOf(lhr(0.99, 1000, 0.05)))).toBe(false);
  });
});

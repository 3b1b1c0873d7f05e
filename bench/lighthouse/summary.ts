/** The figures kept from one Lighthouse run. */
export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  /** Bytes over the wire, all requests. */
  transferBytes: number;
}

interface Audit {
  numericValue?: number;
}

/** Picks the figures out of a Lighthouse result (lhr). */
export function figuresOf(lhr: {
  categories: { performance?: { score: number | null } };
  audits: Record<string, Audit>;
}): LighthouseFigures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: lhr.categories.performance?.score ?? NaN,
    lcpMs: Math.round(value('largest-contentful-paint')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(value('first-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    speedIndexMs: Math.round(value('speed-index')),
    transferBytes: Math.round(value('total-byte-weight')),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** True when Lighthouse gave every figure (a run it could not measure has none, or some missing). */
export function isMeasured(f: LighthouseFigures): boolean {
  return Object.values(f).every((v) => Number.isFinite(v));
}

/** The median of each figure over several measured runs (each figure on its own). */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('No Lighthouse runs to summarise');
  if (!runs.every(isMeasured)) throw new Error('A run without every figure cannot be part of a median');
  const keys = Object.keys(runs[0]!) as Array<keyof LighthouseFigures>;
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as LighthouseFigures;
}

export const LIGHTHOUSE_TARGETS = { performance: 0.95, lcpMs: 2500, cls: 0.05 } as const;

export function meetsTargets(f: LighthouseFigures): boolean {
  return f.performance >= LIGHTHOUSE_TARGETS.performance && f.lcpMs < LIGHTHOUSE_TARGETS.lcpMs && f.cls < LIGHTHOUSE_TARGETS.cls;
}

import { describe, expect, it } from 'vitest';
import { judge, percentile, summarise, type RawRun } from './stats.ts';

const run = (latencies: number[], extra: Partial<RawRun> = {}): RawRun => ({
  latencies,
  bytes: latencies.length * 100,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  durationSeconds: 10,
  ...extra,
});

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBe(0);
  });
});

describe('summarise', () => {
  it('counts only 2xx responses towards throughput and bytes', () => {
    const s = summarise(run([30, 10, 20, 40], { non2xx: 6, bytes: 1000 }));
    expect(s.requests).toBe(10);
    expect(s.requestsPerSecond).toBe(0.4);
    expect(s.meanBytesPerResponse).toBe(250);
    expect(s.latencyMs).toEqual({ p50: 20, p95: 40, p99: 40, max: 40 });
  });
});

describe('judge', () => {
  const fast = summarise(run(Array.from({ length: 1000 }, () => 5)));
  const slow = summarise(run([2000]));

  it('meets both targets when p95 is under 25 ms and throughput is at least 50 times the baseline', () => {
    const v = judge(fast, slow);
    expect(v.p95Ms).toMatchObject({ actual: 5, met: true });
    expect(v.throughputRatio).toMatchObject({ actual: 1000, met: true });
  });

  it('misses when the api is too slow', () => {
    const v = judge(summarise(run(Array.from({ length: 40 }, () => 30))), slow);
    expect(v.p95Ms.met).toBe(false);
    expect(v.throughputRatio).toMatchObject({ actual: 40, met: false });
  });

  it('never counts a run with failed responses as meeting a target', () => {
    const v = judge(
      summarise(
        run(
          Array.from({ length: 1000 }, () => 5),
          { non2xx: 1 },
        ),
      ),
      slow,
    );
    expect(v.p95Ms.met).toBe(false);
    expect(v.throughputRatio.met).toBe(false);
  });
});

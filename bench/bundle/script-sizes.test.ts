import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatGroup, groupScripts, measureScript } from './script-sizes.ts';

describe('script sizes', () => {
  const repetitive = Buffer.from('export const a = 1;\n'.repeat(500));

  it('measures the gzip level 9 size of a body, much smaller than the raw size for repetitive code', () => {
    const size = measureScript('/assets/a.js', repetitive);
    expect(size.rawBytes).toBe(10_000);
    expect(size.gzipBytes).toBe(gzipSync(repetitive, { level: 9 }).length);
    expect(size.gzipBytes).toBeLessThan(500);
    expect(gunzipSync(gzipSync(repetitive, { level: 9 })).equals(repetitive)).toBe(true);
  });

  it('totals a group in kilobytes of 1000 bytes, largest file first', () => {
    const group = groupScripts([
      { path: '/small.js', rawBytes: 2_000, gzipBytes: 1_000 },
      { path: '/big.js', rawBytes: 300_000, gzipBytes: 100_500 },
    ]);
    expect(group.files.map((f) => f.path)).toEqual(['/big.js', '/small.js']);
    expect(group.totalRawKb).toBe(302);
    expect(group.totalGzipKb).toBe(101.5);
    expect(group.totalGzipBytes).toBe(101_500);
  });

  it('prints a table with a total line, or says there is nothing', () => {
    expect(formatGroup('Popup', groupScripts([]))).toContain('(none)');
    const table = formatGroup('Initial', groupScripts([{ path: '/x.js', rawBytes: 1_000, gzipBytes: 400 }]));
    expect(table).toMatch(/\/x\.js\s+1\s+0\.4/);
    expect(table).toMatch(/total\s+1\s+0\.4/);
  });
});

import { gzipSync } from 'node:zlib';

export interface ScriptSize {
  /** Path of the script on the server, without the origin. */
  path: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface ScriptGroup {
  files: ScriptSize[];
  totalGzipBytes: number;
  totalRawKb: number;
  totalGzipKb: number;
}

/** 1 KB = 1000 bytes, as Vite prints sizes; the stricter reading of the budget. */
const KB = 1000;
const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

/** What a script costs on the wire with good compression: gzip at level 9, as a CDN would serve it. */
export function measureScript(path: string, body: Buffer): ScriptSize {
  return { path, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

export function groupScripts(files: ScriptSize[]): ScriptGroup {
  const sorted = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files: sorted,
    totalGzipBytes: sorted.reduce((sum, f) => sum + f.gzipBytes, 0),
    totalRawKb: kb(sorted.reduce((sum, f) => sum + f.rawBytes, 0)),
    totalGzipKb: kb(sorted.reduce((sum, f) => sum + f.gzipBytes, 0)),
  };
}

/** A fixed-width table of one group, largest first. */
export function formatGroup(title: string, group: ScriptGroup): string {
  const lines = [title, `  ${'file'.padEnd(56)}${'raw KB'.padStart(10)}${'gzip KB'.padStart(10)}`];
  for (const f of group.files)
    lines.push(`  ${f.path.padEnd(56)}${String(kb(f.rawBytes)).padStart(10)}${String(kb(f.gzipBytes)).padStart(10)}`);
  if (group.files.length === 0) lines.push('  (none)');
  lines.push(`  ${'total'.padEnd(56)}${String(group.totalRawKb).padStart(10)}${String(group.totalGzipKb).padStart(10)}`);
  return lines.join('\n');
}

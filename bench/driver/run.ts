import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BENCH_DATABASE_URL } from '../browse/bench-database.ts';

/**
 * How much of what the PostgreSQL driver allocates survives a young-generation collection, asked
 * through the driver's own promise and through its callback (loop.ts): the bytes promoted to the
 * old generation and the collections' pauses, read from V8's --trace-gc-nvp lines. Any database
 * answers (BENCH_DATABASE_URL, the bench's by default); it only runs a SELECT of generated rows.
 */
const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const count = 20_000;
const loop = fileURLToPath(new URL('./loop.ts', import.meta.url));

for (const mode of ['promise', 'callback']) {
  // With the tsx loader, as the bench's other TypeScript children run (bench/shared/child-server.ts).
  const run = spawnSync(process.execPath, ['--trace-gc-nvp', '--import', 'tsx', loop, mode, url, String(count)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${mode}: ${run.stderr}`);
  const young = run.stdout.split('\n').filter((line) => line.includes('gc=s'));
  const field = (line: string, name: string) => Number(new RegExp(` ${name}=([\\d.]+)`).exec(line)?.[1] ?? 0);
  const sum = (name: string) => young.reduce((total, line) => total + field(line, name), 0);
  const pauses = young.map((line) => field(line, 'pause'));
  console.log(
    `${mode.padEnd(9)} ${count} queries: ${young.length} young collections, pause mean ${(sum('pause') / Math.max(1, young.length)).toFixed(2)} ms, max ${Math.max(0, ...pauses).toFixed(2)} ms; ` +
      `${(sum('allocated') / 2 ** 20).toFixed(1)} MB allocated, ${(sum('promoted') / 2 ** 20).toFixed(1)} MB promoted`,
  );
}

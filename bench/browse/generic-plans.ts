/**
 * npm run browse:generic -w bench: every kind of the generated mix timed in the database the way the
 * API runs it, without HTTP. The catalogue repository is called as the service calls it, and each
 * statement it sends is captured with its name: a named statement (`queryRowsPrepared`) is prepared
 * on a connection set up as the API's prepared-read pool sets its own (`plan_cache_mode` and `jit`,
 * database.ts), so it runs with the plan those connections keep, the generic one; an unnamed one is
 * run as a plain query with its values, planned for them each time, as the API's main pool does.
 * The bench's plans step runs every statement with its values, which hid generic plans that read a
 * whole table: this finds them.
 *
 * For each query: the first execution (which includes planning it), then `GENERIC_RUNS` more, best
 * and median. Per kind: `GENERIC_PER_KIND` queries of that kind, the first of the mix's list
 * (`MIX_SEED`), so the same queries every time. Writes `bench/results/browse-generic.json` (per kind
 * and per query) and `browse-generic-plans.txt` (EXPLAIN ANALYZE of the slowest query of the
 * slowest kinds, with the plan the API would use). Prints the kinds slowest first.
 *
 * Env: BENCH_DATABASE_URL (an existing seeded bench database; nothing is written to it),
 * GENERIC_PER_KIND (default 3), GENERIC_RUNS (default 7), GENERIC_KINDS (a regular expression:
 * only the kinds it matches), GENERIC_PLAN_MODE (the prepared statements' plan_cache_mode:
 * force_generic_plan as the API's, or auto, or force_custom_plan to compare), GENERIC_PLANS (how
 * many of the slowest kinds get their plan written, default 25), GENERIC_PATHS (a file of browse
 * paths, one per line: these alone, each its own kind, instead of the mix's).
 */
import { readFile } from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { todayInLondon } from '@toolshed/core';
import type { Db } from '../../apps/api/src/db/database.ts';
import * as schema from '../../apps/api/src/db/schema.ts';
import { createCatalogueRepository } from '../../apps/api/src/modules/catalogue/catalogue-repository.ts';
import { runMain } from '../shared/child-server.ts';
import { wholeFromEnv } from '../shared/env.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { writeResult } from '../shared/paths.ts';
import { DEFAULT_BENCH_DATABASE_URL } from './bench-database.ts';
import { runMixPath } from './explain-cases.ts';
import { generateMix, MIX_SEED, takePerKind } from './generated-mix.ts';

interface Captured {
  /** The statement's name when the API prepares it; undefined for a plain query. */
  name: string | undefined;
  text: string;
  params: unknown[];
}

export interface StatementTiming {
  path: string;
  /** 'prepared' (a named statement, the plan of `plan_cache_mode`) or 'plain' (planned with its values each time). */
  mode: 'prepared' | 'plain';
  firstMs: number;
  bestMs: number;
  medianMs: number;
}

export interface KindTiming {
  kind: string;
  queries: StatementTiming[];
  /** Over the kind's queries: the lowest best, the median of their medians, the highest median. */
  bestMs: number;
  medianMs: number;
  worstMedianMs: number;
}

const PLAN_MODES = ['force_generic_plan', 'auto', 'force_custom_plan'] as const;
type PlanMode = (typeof PLAN_MODES)[number];

const round = (ms: number) => Math.round(ms * 100) / 100;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Over one kind's query timings: the lowest best, the median of medians and the highest median. */
export function kindFigures(queries: StatementTiming[]): Pick<KindTiming, 'bestMs' | 'medianMs' | 'worstMedianMs'> {
  return {
    bestMs: round(Math.min(...queries.map((q) => q.bestMs))),
    medianMs: round(median(queries.map((q) => q.medianMs))),
    worstMedianMs: round(Math.max(...queries.map((q) => q.medianMs))),
  };
}

/** A parameter written as a literal of unknown type, for `EXECUTE name(...)`: the prepared statement's types apply. */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return client.escapeLiteral(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** The statements the repository reads the word statistics with (common-words.ts): these run for real. */
const STATISTICS = /pg_stats|^\s*select category_id, listed::int as listed from category_item_counts\s*$/;

/**
 * A catalogue repository whose browse statements are captured, not run (it is given no rows back,
 * and reads nothing but the rows' fields), each with its name when the API would prepare it; the
 * statistics it chooses paths by are read from the database, so its choices are the API's.
 */
function capturingRepository(pool: pg.Pool) {
  let captured: Captured[] = [];
  const recording = new Proxy(pool, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
      // drizzle sends `{ name, text }` (name undefined for a plain query) and the values.
      return (config: { name?: string; text: string } | string, values?: unknown[]) => {
        const text = typeof config === 'string' ? config : config.text;
        if (STATISTICS.test(text)) return target.query(config as string, values);
        captured.push({ name: typeof config === 'string' ? undefined : config.name, text, params: values ?? [] });
        return Promise.resolve({ rows: [], rowCount: 0, fields: [], command: 'SELECT' });
      };
    },
  });
  const repo = createCatalogueRepository(drizzle(recording, { schema }) as unknown as Db);
  return async (path: string, today: string): Promise<Captured[]> => {
    captured = [];
    await runMixPath(repo, path, today);
    return captured;
  };
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const perKind = wholeFromEnv('GENERIC_PER_KIND', 3, 1, 100);
  const runs = wholeFromEnv('GENERIC_RUNS', 7, 1, 1000);
  const planCount = wholeFromEnv('GENERIC_PLANS', 25, 0, 1000);
  const mode = (process.env.GENERIC_PLAN_MODE ?? 'force_generic_plan') as PlanMode;
  if (!PLAN_MODES.includes(mode)) throw new Error(`GENERIC_PLAN_MODE must be one of ${PLAN_MODES.join(', ')}`);
  const only = process.env.GENERIC_KINDS ? new RegExp(process.env.GENERIC_KINDS) : null;
  const today = todayInLondon();

  // As openPostgres sets its pools (database.ts): no JIT on either, and the prepared reads' plan choice.
  const plain = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
  const prepared = new pg.Client({ connectionString: databaseUrl, options: `-c jit=off -c plan_cache_mode=${mode}` });
  // The catalogue's word statistics are read once through a real connection (common-words.ts).
  const statisticsPool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: '-c jit=off' });
  await Promise.all([plain.connect(), prepared.connect()]);
  const loadBefore = loadAverage();
  const started = new Date();
  try {
    const version = (await plain.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '';
    const capture = capturingRepository(statisticsPool);
    // The statistics load in the background on the first browse; wait for them before capturing.
    await capture('/api/categories/all/items?search=drill', today);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const chosen = process.env.GENERIC_PATHS
      ? (await readFile(process.env.GENERIC_PATHS, 'utf8'))
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line.startsWith('/api/'))
          .map((path) => ({ kind: path, path }))
      : takePerKind(generateMix(80_000, MIX_SEED, today), perKind).taken.filter((q) => !only || only.test(q.kind));
    const byKind = new Map<string, StatementTiming[]>();
    const slowestOf = new Map<string, { timing: StatementTiming; statement: Captured }>();
    const names = new Set<string>();
    let done = 0;
    for (const q of chosen) {
      const statements = await capture(q.path, today);
      // A browse is one statement (decision 018); should it ever be more, their times add up.
      const timings = { first: 0, all: Array.from({ length: runs }, () => 0) };
      let statementMode: StatementTiming['mode'] = 'plain';
      for (const s of statements) {
        const run =
          s.name === undefined
            ? () => plain.query(s.text, s.params)
            : () => prepared.query({ name: s.name, text: s.text, values: s.params } as pg.QueryConfig);
        if (s.name !== undefined) statementMode = 'prepared';
        // A statement already prepared on this connection (the same text for another query of the
        // kind) is planned already: its first run is then like the API's on a warm connection.
        timings.first += await time(run);
        if (s.name !== undefined) names.add(s.name);
        for (let i = 0; i < runs; i++) timings.all[i]! += await time(run);
      }
      const timing: StatementTiming = {
        path: q.path,
        mode: statementMode,
        firstMs: round(timings.first),
        bestMs: round(Math.min(...timings.all)),
        medianMs: round(median(timings.all)),
      };
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), timing]);
      const main = statements.at(-1);
      const previous = slowestOf.get(q.kind);
      if (main && (!previous || previous.timing.medianMs < timing.medianMs)) slowestOf.set(q.kind, { timing, statement: main });
      if (++done % 100 === 0) console.log(`  ${done} of ${chosen.length} queries timed (load average ${loadAverage()})`);
    }

    const kinds: KindTiming[] = [...byKind.entries()]
      .map(([kind, queries]) => ({ kind, queries, ...kindFigures(queries) }))
      .sort((a, b) => b.medianMs - a.medianMs);

    // The plans of the slowest kinds, as the API runs them: EXPLAIN of the prepared statement.
    const plans: string[] = [
      `Plans of the ${planCount} slowest kinds (median), statements as the API runs them; plan_cache_mode=${mode} for prepared ones, ${started.toISOString()}, load average ${loadBefore}`,
      version,
      '',
    ];
    for (const k of kinds.slice(0, planCount)) {
      const slow = slowestOf.get(k.kind);
      if (!slow) continue;
      const { statement, timing } = slow;
      const explained =
        statement.name === undefined
          ? await plain.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.text}`, statement.params)
          : await prepared.query<{ 'QUERY PLAN': string }>(
              `explain (analyze, buffers) execute ${prepared.escapeIdentifier(statement.name)}${statement.params.length ? `(${statement.params.map((p) => literal(prepared, p)).join(', ')})` : ''}`,
            );
      plans.push(
        '='.repeat(100),
        `${k.kind}: median ${k.medianMs} ms over ${k.queries.length} queries; this one ${timing.medianMs} ms (${timing.mode}) ${timing.path}`,
        '='.repeat(100),
        statement.text.replace(/\s+/g, ' ').trim(),
        `params: ${JSON.stringify(statement.params)}`,
        '',
        explained.rows.map((r) => r['QUERY PLAN']).join('\n'),
        '',
      );
    }

    const loadAfter = loadAverage();
    const allMedians = kinds.map((k) => k.medianMs);
    const result = {
      startedAt: started.toISOString(),
      machine: machineInfo({ postgres: version }),
      loadAverage: { before: loadBefore, after: loadAfter },
      planCacheMode: mode,
      perKind,
      runs,
      kinds: kinds.length,
      kindsMedianUnder5Ms: allMedians.filter((m) => m < 5).length,
      medianOfKindMedians: round(median(allMedians)),
      byKind: kinds,
    };
    console.log(`\nKinds slowest first (median of the kinds' queries; best; the slowest query's median), ms:`);
    for (const k of kinds.slice(0, 40))
      console.log(
        `  ${k.kind.padEnd(40)} ${k.medianMs.toFixed(2).padStart(8)} ${k.bestMs.toFixed(2).padStart(8)} ${k.worstMedianMs.toFixed(2).padStart(8)}  ${k.queries[0]?.mode}`,
      );
    console.log(
      `\n${kinds.length} kinds, ${result.kindsMedianUnder5Ms} with a median under 5 ms; median of kinds ${result.medianOfKindMedians} ms; load average ${loadBefore} -> ${loadAfter}; ${names.size} prepared statements`,
    );
    console.log(`Wrote ${await writeResult('browse-generic.json', JSON.stringify(result, null, 2))}`);
    console.log(`Wrote ${await writeResult('browse-generic-plans.txt', plans.join('\n'))}`);
  } finally {
    await Promise.all([plain.end(), prepared.end(), statisticsPool.end()]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runMain(main);

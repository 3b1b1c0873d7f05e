import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { todayInLondon } from '@toolshed/core';
import type { Db } from '../../apps/api/src/db/database.ts';
import * as schema from '../../apps/api/src/db/schema.ts';
import { createCatalogueRepository } from '../../apps/api/src/modules/catalogue/catalogue-repository.ts';
import { EXPLAIN_CASES, LOAD_QUERY_CASES, mixKindCases } from './explain-cases.ts';

export interface ExplainSummary {
  title: string;
  /** executionMs is from the EXPLAIN ANALYZE run; bestMs the fastest of a few plain runs (less noisy). */
  queries: Array<{ executionMs: number; bestMs: number; indexes: string[]; seqScans: string[] }>;
  expectIndexes: string[];
  missingIndexes: string[];
}

interface Captured {
  text: string;
  params: unknown[];
}

const TIMED_RUNS = 5;

/** Fastest of a few runs, as seen by the client: on a shared machine the minimum is the stable figure. */
async function bestOf(pool: pg.Pool, q: Captured): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < TIMED_RUNS; i++) {
    const started = performance.now();
    await pool.query(q.text, q.params);
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best * 100) / 100;
}

const INDEX_NAME = /(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/g;
const SEQ_SCAN = /Seq Scan on (\S+)/g;

function analysePlan(plan: string) {
  const indexes = [...new Set([...plan.matchAll(INDEX_NAME)].map((m) => m[1]!))];
  const seqScans = [...new Set([...plan.matchAll(SEQ_SCAN)].map((m) => m[1]!))];
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  return { indexes, seqScans, executionMs };
}

/**
 * Runs the catalogue repository itself against the bench database and captures the SQL it sends
 * (through drizzle's query logger), so the plans are of the exact queries the API issues, with
 * concrete parameters. Each is then run again under EXPLAIN (ANALYZE, BUFFERS).
 */
export async function explainTypicalQueries(databaseUrl: string): Promise<{ text: string; summary: ExplainSummary[] }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let captured: Captured[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => void captured.push({ text, params }) } });
  const repo = createCatalogueRepository(db as unknown as Db);
  const today = todayInLondon();
  const out: string[] = [
    `EXPLAIN (ANALYZE, BUFFERS) of the catalogue repository's queries, ${new Date().toISOString()}, today in London ${today}`,
    '',
  ];
  const summary: ExplainSummary[] = [];
  try {
    const version = await pool.query<{ v: string }>('select version() as v');
    out.push(version.rows[0]?.v ?? '', '');
    for (const c of [...EXPLAIN_CASES, ...LOAD_QUERY_CASES, ...mixKindCases(today)]) {
      captured = [];
      await c.run(repo, today, () => {
        captured = [];
      });
      const queries: ExplainSummary['queries'] = [];
      out.push('='.repeat(100), c.title, '='.repeat(100));
      for (const q of captured) {
        const res = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.text}`, q.params);
        const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
        const analysed = { ...analysePlan(plan), bestMs: await bestOf(pool, q) };
        queries.push(analysed);
        const kind = q.text.includes('count(*)') ? 'page+count' : q.text.includes('category_item_counts') ? 'counts' : 'page';
        if (c.fullPlans)
          out.push(
            '',
            q.text.replace(/\s+/g, ' ').trim(),
            `params: ${JSON.stringify(q.params)}`,
            `best of ${TIMED_RUNS} runs: ${analysed.bestMs} ms`,
            '',
            plan,
            '',
          );
        else
          out.push(
            `${kind.padEnd(10)} ${analysed.executionMs.toFixed(2).padStart(8)} ms (best of ${TIMED_RUNS}: ${analysed.bestMs} ms)  indexes: ${analysed.indexes.join(', ')}${analysed.seqScans.length ? `; seq scan on ${analysed.seqScans.join(', ')}` : ''}  params: ${JSON.stringify(q.params)}`,
          );
      }
      const used = new Set(queries.flatMap((q) => q.indexes));
      summary.push({
        title: c.title,
        queries,
        expectIndexes: c.expectIndexes,
        missingIndexes: c.expectIndexes.filter((i) => !used.has(i)),
      });
    }
  } finally {
    await pool.end();
  }
  return { text: out.join('\n'), summary };
}

/** Prints which indexes served each case; a missing one is reported, never fatal. */
export function printExplainSummary(summary: ExplainSummary[]): void {
  console.log('\nQuery plans (EXPLAIN ANALYZE time / best of a few runs; indexes used; sequential scans):');
  for (const s of summary) {
    const verdict = s.missingIndexes.length === 0 ? 'ok' : `NOT USED: ${s.missingIndexes.join(', ')}`;
    console.log(`  ${s.title} [${verdict}]`);
    for (const q of s.queries) {
      const seq = q.seqScans.length > 0 ? `; seq scan on ${q.seqScans.join(', ')}` : '';
      console.log(
        `    ${q.executionMs.toFixed(2).padStart(8)} / ${q.bestMs.toFixed(2).padStart(8)} ms  ${q.indexes.join(', ') || '(no index)'}${seq}`,
      );
    }
  }
}

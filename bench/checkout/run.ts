/**
 * npm run bench:checkout — booking under contention and checkout throughput, on PostgreSQL.
 * 1. CONTENDED concurrent checkouts of one item for the same dates: exactly one may succeed.
 * 2. Uncontended checkouts (every request a different item or dates) under autocannon.
 * Env: BENCH_CHECKOUT_DATABASE_URL (dropped and rebuilt), BENCH_CHECKOUT_SECONDS.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { runMain, startServer } from '../shared/child-server.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { writeResult } from '../shared/paths.ts';
import { percentile } from '../browse/stats.ts';
import { insertItems, recreateDatabase, signUpRenters } from './setup.ts';

const CONTENDED = 200;
const RENTERS = 20;
const ITEMS = 2_000;
const CONNECTIONS = 20;
const card = { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Bench Renter' };

const round = (ms: number) => Math.round(ms * 10) / 10;

async function count(url: string, query: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(query)).rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

async function contended(baseUrl: string, cookies: string[], itemId: string) {
  const start = addDays(todayInLondon(), 3);
  const body = (i: number) =>
    JSON.stringify({
      lines: [{ itemId, startDate: start, endDate: addDays(start, 2) }],
      card,
      idempotencyKey: `contended-${i}-${randomUUID()}`,
    });
  const t0 = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CONTENDED }, async (_, i) => {
      const res = await fetch(`${baseUrl}/api/checkout`, {
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': 'application/json', cookie: cookies[i % cookies.length]! },
        body: body(i),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const ms = Math.round(performance.now() - t0);
  const tally: Record<string, number> = {};
  for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
  return {
    requests: CONTENDED,
    statuses: tally,
    succeeded: tally['201'] ?? 0,
    conflicts: tally['409'] ?? 0,
    serverErrors: statuses.filter((s) => s >= 500).length,
    wallMs: ms,
  };
}

async function uncontended(baseUrl: string, cookies: string[], itemIds: string[], seconds: number) {
  let n = 0;
  const latencies: number[] = [];
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              // Each request a different item, or the same item three weeks later: never a clash.
              const i = n++;
              const start = addDays(todayInLondon(), 1 + Math.floor(i / itemIds.length) * 3);
              return {
                ...req,
                path: '/api/checkout',
                headers: { origin: baseUrl, 'content-type': 'application/json', cookie: cookies[i % cookies.length]! },
                body: JSON.stringify({
                  lines: [{ itemId: itemIds[i % itemIds.length], startDate: start, endDate: addDays(start, 1) }],
                  card,
                  idempotencyKey: randomUUID(),
                }),
              };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_c, status, _bytes, time) => {
      if (status === 201) latencies.push(time);
      else non2xx += 1;
    });
  });
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    connections: CONNECTIONS,
    seconds,
    checkouts: latencies.length,
    perSecond: Math.round((latencies.length / seconds) * 10) / 10,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const url = process.env.BENCH_CHECKOUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/toolshed_bench_checkout';
  const seconds = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 15);
  const loadBefore = loadAverage();
  await recreateDatabase(url);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-bench-checkout-'));
  try {
    const api = await startServer({
      name: 'api',
      entry: 'apps/api/src/main.ts',
      // The simulated processor answers at once here, so the figures are ours, not a pretend network's.
      env: {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PAYMENT_DELAY_MS: '0',
        AUTH_RATE_LIMIT: '1000',
        CHECKOUT_RATE_LIMIT: '1000000',
      },
      healthPath: '/api/health',
      timeoutMs: 120_000,
    });
    const itemIds = await insertItems(url, ITEMS);
    const cookies = await signUpRenters(api.baseUrl, path.join(dataDir, 'outbox'), RENTERS);
    console.log(`Prepared ${ITEMS} items and ${RENTERS} signed-in renters.`);

    const race = await contended(api.baseUrl, cookies, itemIds[0]!);
    const booked = await count(url, `select count(*)::int as n from rentals where item_id = '${itemIds[0]}'`);
    const orphans = await count(
      url,
      'select count(*)::int as n from payments p where not exists (select 1 from rentals r where r.payment_id = p.id)',
    );
    console.log(
      `Contended: ${race.requests} checkouts of one item and dates -> ${race.succeeded} booked, ${race.conflicts} conflicts, ${race.serverErrors} server errors in ${race.wallMs} ms; rentals stored: ${booked}; payments without a rental: ${orphans}`,
    );

    const flow = await uncontended(api.baseUrl, cookies, itemIds.slice(1), seconds);
    console.log(
      `Uncontended: ${flow.perSecond} checkouts/s at ${flow.connections} connections; p50 ${flow.p50Ms} ms, p95 ${flow.p95Ms} ms, p99 ${flow.p99Ms} ms; non-2xx ${flow.non2xx}`,
    );

    const result = {
      date: new Date().toISOString(),
      machine: machineInfo(),
      loadAverageBefore: loadBefore,
      contended: {
        ...race,
        rentalsStored: booked,
        paymentsWithoutRental: orphans,
        exactlyOne: race.succeeded === 1 && booked === 1 && orphans === 0,
      },
      uncontended: flow,
    };
    console.log(`Wrote ${await writeResult('checkout.json', JSON.stringify(result, null, 2))}`);
    if (!result.contended.exactlyOne) process.exitCode = 1;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);

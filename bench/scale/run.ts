/**
 * npm run bench:scale — browse and checkout throughput with 1 and then 2 API processes on one
 * PostgreSQL database, in one run. The load is split evenly over the processes, as a load balancer
 * would. On a 2-core machine the load generator, PostgreSQL and the API share the cores, so 2
 * processes cannot double anything; what the figure shows is that nothing in the API serialises
 * requests (throughput with 2 should not fall below 1).
 * Env: BENCH_SCALE_DATABASE_URL (dropped and rebuilt), BENCH_SCALE_SECONDS (per phase, default 15).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { runMain, startServer, type ChildServer } from '../shared/child-server.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { writeResult } from '../shared/paths.ts';
import { percentile } from '../browse/stats.ts';
import { insertItems, recreateDatabase, signUpRenters } from '../checkout/setup.ts';

const ITEMS = 20_000;
const RENTERS = 20;
const CONNECTIONS = 40;
const card = { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Bench Renter' };
const round = (n: number) => Math.round(n * 10) / 10;

interface Phase {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  non2xx: number;
  errors: number;
}

/** Browse requests a visitor makes: pages of All Items and of a category, words, prices and dates. */
function browsePath(i: number): string {
  const today = todayInLondon();
  const start = addDays(today, 1 + (i % 90));
  const kinds = [
    `/api/categories/all/items?page=${1 + (i % 3)}`,
    `/api/categories/power-tools/items?search=drill&maxPrice=${10 + (i % 20)}`,
    `/api/categories/power-tools/items?startDate=${start}&endDate=${addDays(start, i % 7)}`,
    `/api/categories/all/items?search=${encodeURIComponent(String(100 + (i % 900)))}`,
    `/api/categories`,
  ];
  return kinds[i % kinds.length]!;
}

/** Runs one autocannon per server at once (the connections split between them) and merges the results. */
async function drive(
  servers: ChildServer[],
  seconds: number,
  request: (server: ChildServer, i: number) => { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string },
  okStatus: number,
): Promise<Phase> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let n = 0;
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve, reject) => {
          const instance = autocannon(
            {
              url: server.baseUrl,
              connections: Math.max(1, Math.round(CONNECTIONS / servers.length)),
              duration: seconds,
              requests: [{ setupRequest: (req) => ({ ...req, ...request(server, n++) }) }],
            },
            (err, res) => {
              if (err) return reject(err);
              errors += res.errors;
              resolve();
            },
          );
          instance.on('response', (_c, status, _b, time) => {
            if (status === okStatus) latencies.push(time);
            else non2xx += 1;
          });
        }),
    ),
  );
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: round(latencies.length / seconds),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    non2xx,
    errors,
  };
}

async function startApis(count: number, url: string, dataDir: string): Promise<ChildServer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      startServer({
        name: `api-${i + 1}`,
        entry: 'apps/api/src/main.ts',
        env: {
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          PAYMENT_DELAY_MS: '0',
          AUTH_RATE_LIMIT: '100000',
          CHECKOUT_RATE_LIMIT: '1000000',
          BROWSE_CACHE_MS: '0',
          AUTH_SECRET: 'bench-scale-shared-secret-0123456789abcdef',
        },
        healthPath: '/api/ready',
        timeoutMs: 120_000,
      }),
    ),
  );
}

async function main(): Promise<void> {
  const url = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/toolshed_bench_scale';
  const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 15);
  const loadBefore = loadAverage();
  await recreateDatabase(url);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-bench-scale-'));
  const rows: Record<string, { processes: number; browse: Phase; checkout: Phase }> = {};
  try {
    let apis = await startApis(1, url, dataDir);
    const itemIds = await insertItems(url, ITEMS);
    const cookies = await signUpRenters(apis[0]!.baseUrl, path.join(dataDir, 'outbox'), RENTERS);
    console.log(`Prepared ${ITEMS} items and ${RENTERS} signed-in renters.`);
    // Each run books its own half of the items, so no checkout ever clashes with an earlier one.
    const halves = [itemIds.slice(0, ITEMS / 2), itemIds.slice(ITEMS / 2)];

    for (const [run, processes] of [1, 2].entries()) {
      if (apis.length !== processes) {
        await Promise.all(apis.map((a) => a.stop()));
        apis = await startApis(processes, url, dataDir);
      }
      const browse = await drive(apis, seconds, (_s, i) => ({ method: 'GET', path: browsePath(i) }), 200);
      const items = halves[run]!;
      const checkout = await drive(
        apis,
        seconds,
        (server, i) => {
          const start = addDays(todayInLondon(), 1 + Math.floor(i / items.length) * 3);
          return {
            method: 'POST',
            path: '/api/checkout',
            headers: { origin: server.baseUrl, 'content-type': 'application/json', cookie: cookies[i % cookies.length]! },
            body: JSON.stringify({
              lines: [{ itemId: items[i % items.length], startDate: start, endDate: addDays(start, 1) }],
              card,
              idempotencyKey: randomUUID(),
            }),
          };
        },
        201,
      );
      rows[`${processes}`] = { processes, browse, checkout };
      console.log(
        `${processes} process(es): browse ${browse.perSecond} req/s (p95 ${browse.p95Ms} ms, non-2xx ${browse.non2xx}); checkout ${checkout.perSecond}/s (p95 ${checkout.p95Ms} ms, non-2xx ${checkout.non2xx})`,
      );
    }
    await Promise.all(apis.map((a) => a.stop()));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const file = await writeResult(
    'scale.json',
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: machineInfo(),
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAverage(),
        seconds,
        connections: CONNECTIONS,
        items: ITEMS,
        runs: rows,
      },
      null,
      2,
    ),
  );
  console.log(`Results written to ${file}`);
}

runMain(main);

/**
 * npm run bench:alerts — what matching new listings against saved searches costs on PostgreSQL:
 * 100,000 saved searches and 10,000 open wanted posts (four in five searches with words drawn from the generated catalogue's tool names,
 * their tsqueries made by the real search planner; a category for two in five, one of the 60 largest
 * towns and a radius of 5, 10 or 25 miles for nineteen in twenty, a price for three in ten; half
 * instant, half daily; those without words all in a category), then a day's 1,000 new listings.
 * Reports each listing's match (saved-searches-repository `matchItem`, as the match job runs it, in
 * a transaction rolled back so every listing meets the same searches), and against the wanted posts
 * (wanted-repository `authorsToTell`, as the tell-authors job asks, rolled back too), as min / p50 /
 * p95 / max, with the p95 of the two together (the target), and
 * the whole day through the real job queue and notifier: the 1,000 match jobs (spread over the day's
 * hours by the queue's clock, as the hourly cap on instant alerts counts) with their instant alerts written, the morning digest, and then the sending of the first alert emails (timed apart).
 * Targets: p95 under 100 ms; the day's matching and digests under a minute.
 * Results: bench/results/alerts.json. A database of its own, made afresh each run.
 */
import { sql } from 'drizzle-orm';
import { todayInLondon } from '@toolshed/core';
import { openDatabase, type Db } from '../../apps/api/src/db/database.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { syncCategories } from '../../apps/api/src/db/seed/seed-catalogue.ts';
import { createSavedSearchesRepository } from '../../apps/api/src/modules/saved-searches/saved-searches-repository.ts';
import { createWantedRepository } from '../../apps/api/src/modules/wanted/wanted-repository.ts';
import type { Executor } from '../../apps/api/src/db/database.ts';
import { wholeFromEnv } from '../shared/env.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { writeResult } from '../shared/paths.ts';
import { runTheDay } from './day.ts';
import { insertNewListings, loadSavedSearches, loadWantedPosts, plannedSearches, recreate, searchWordsOfCatalogue, USERS } from './load.ts';

const URL_ = process.env.BENCH_ALERTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/toolshed_bench_alerts';
const SEARCHES = wholeFromEnv('BENCH_SAVED_SEARCHES', 100_000, 100, 10_000_000);
const WANTED_POSTS = wholeFromEnv('BENCH_WANTED_POSTS', 10_000, 10, 1_000_000);
const NEW_ITEMS = wholeFromEnv('BENCH_NEW_ITEMS', 1_000, 10, 100_000);
/** How many of the day's alert emails are sent, to time the sending. */
const EMAILS_SENT = wholeFromEnv('BENCH_ALERT_EMAILS', 2_000, 10, 1_000_000);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 100) / 100;
const spread = (sorted: number[]) => ({
  min: round(sorted[0]!),
  p50: round(percentile(sorted, 50)),
  p95: round(percentile(sorted, 95)),
  max: round(sorted.at(-1)!),
});
const mean = (list: number[]) => round(list.reduce((a, b) => a + b, 0) / list.length);

/** `ask` for each listing in a transaction rolled back, so every listing meets the same rows: its time and how many it found. */
async function eachRolledBack(db: Db, items: ReadonlyArray<{ id: string }>, ask: (tx: Executor, id: string) => Promise<unknown[]>) {
  const times: number[] = [];
  const found: number[] = [];
  const rollback = new Error('rollback');
  for (const { id } of items) {
    await db
      .transaction(async (tx) => {
        const t0 = performance.now();
        const rows = await ask(tx, id);
        times.push(performance.now() - t0);
        found.push(rows.length);
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
  }
  return { times, found };
}

/** Members, the saved searches and the open wanted posts; answers the distinct word searches and the seconds loading took. */
async function fill(db: Db) {
  await syncCategories(db);
  await queryRows(
    db,
    sql`insert into users (id, name, email, email_verified, created_at, updated_at)
        select 'u' || g, 'Member ' || g, 'member' || g || '@example.com', true, now(), now() from generate_series(1, ${USERS}) g`,
  );
  // The vocabulary is empty: the words as typed and their forms, the shape of most saved searches.
  const words = searchWordsOfCatalogue();
  const queries = await plannedSearches(db, words);
  const loadStarted = performance.now();
  await loadSavedSearches(db, SEARCHES, queries);
  await loadWantedPosts(db, WANTED_POSTS, words);
  return { queries, loadSeconds: (performance.now() - loadStarted) / 1000 };
}

/** How a listing's keys find the searches it could answer (the GIN index of match_keys). */
async function keysPlan(db: Db, itemId: string) {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, buffers) select count(*) from saved_searches s where not s.paused and s.match_keys && (
          select array(select w from unnest(tsvector_to_array(i.search_document)) w union
                       select left(w, n) || '*' from unnest(tsvector_to_array(i.search_document)) w, generate_series(1, length(w)) n)
            from items i where i.id = ${itemId})`,
  );
  return plan;
}

async function main() {
  const started = performance.now();
  console.log(`Saved searches bench: ${SEARCHES.toLocaleString('en-GB')} searches, ${NEW_ITEMS} new listings, on ${URL_}`);
  await recreate(URL_);
  const database = await openDatabase({ databaseUrl: URL_, poolSize: 4 });
  await database.migrate();
  const db: Db = database.db;
  const { queries, loadSeconds } = await fill(db);
  // The day's new listings: tool names of the generated catalogue near the 60 towns.
  const items = await insertNewListings(db, NEW_ITEMS);

  // Each listing's match, as the job runs it, and against the open wanted posts, as the tell-authors job asks.
  const repo = createSavedSearchesRepository(db);
  const wanted = createWantedRepository(db);
  const { times, found: hits } = await eachRolledBack(db, items, (tx, id) => repo.matchItem(tx, id, new Date()));
  const { times: wantedTimes, found: told } = await eachRolledBack(db, items, (tx, id) =>
    wanted.authorsToTell(tx, id, todayInLondon(new Date()), new Date(), 3),
  );
  const both = times.map((t, n) => t + wantedTimes[n]!).sort((a, b) => a - b);
  const perItemWanted = spread(wantedTimes.sort((a, b) => a - b));
  const meanTold = mean(told);
  console.log(
    `  per listing against ${WANTED_POSTS.toLocaleString('en-GB')} open wanted posts: min ${perItemWanted.min} / p50 ${perItemWanted.p50} / p95 ${perItemWanted.p95} / max ${perItemWanted.max} ms; ${meanTold} authors to tell each on average`,
  );
  const perItem = spread(times.sort((a, b) => a - b));
  const meanHits = mean(hits);
  console.log(
    `  per listing: min ${perItem.min} / p50 ${perItem.p50} / p95 ${perItem.p95} / max ${perItem.max} ms; ${meanHits} matches each on average`,
  );
  const plan = await keysPlan(db, items[0]!.id);

  const { emails, matchedSeconds, digestSeconds, daySeconds, held, counts, sent, emailsPerSecond, matchPhases } = await runTheDay(
    db,
    repo,
    items,
    EMAILS_SENT,
  );
  console.log(
    `  the day: ${NEW_ITEMS} listings matched, their instant alerts written, in ${matchedSeconds.toFixed(1)} s; the digest in ${digestSeconds.toFixed(1)} s; ${daySeconds.toFixed(1)} s in all (${counts!.hits} matches, ${counts!.notices} notices, ${held} instant matches held by the hourly cap for the digest, ${counts!.digests} digests, ${counts!.emailJobs} emails to send)`,
  );
  console.log(
    `  the match jobs' phases (seconds, calls): ${Object.entries(matchPhases)
      .map(([name, p]) => `${name} ${p.seconds} (${p.calls})`)
      .join('; ')}`,
  );
  console.log(`  sending: the first ${sent} alert emails at ${emailsPerSecond} a second (rendered, handed to a mailer that only counts)`);
  const result = {
    at: new Date().toISOString(),
    machine: machineInfo(),
    loadAverageAtEnd: loadAverage(),
    searches: SEARCHES,
    distinctWordSearches: queries.length,
    newItems: NEW_ITEMS,
    loadSeconds: round(loadSeconds),
    perItemMs: perItem,
    meanMatchesPerItem: meanHits,
    wantedPosts: WANTED_POSTS,
    perItemWantedMs: perItemWanted,
    meanAuthorsToTellPerItem: meanTold,
    perItemBothP95Ms: round(percentile(both, 95)),
    day: {
      matchedSeconds: round(matchedSeconds),
      digestSeconds: round(digestSeconds),
      totalSeconds: round(daySeconds),
      heldByHourlyCap: held,
      ...counts,
      matchPhases,
    },
    sending: { emails, emailsPerSecond },
    targets: { perItemP95Under100ms: percentile(both, 95) < 100, dayUnderAMinute: daySeconds < 60 },
    keysPlan: plan.map((r) => r['QUERY PLAN']),
  };
  console.log(
    `  a listing against both (searches then posts): p95 ${result.perItemBothP95Ms} ms\n  targets: p95 < 100 ms ${result.targets.perItemP95Under100ms ? 'MET' : 'MISSED'}; the day < 60 s ${result.targets.dayUnderAMinute ? 'MET' : 'MISSED'}`,
  );
  console.log(
    `  wrote ${await writeResult('alerts.json', JSON.stringify(result, null, 2))} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await database.close();
}

await main();

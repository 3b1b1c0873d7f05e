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
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { CATEGORIES, LARGEST_TOWNS, todayInLondon } from '@toolshed/core';
import { openDatabase, type Db } from '../../apps/api/src/db/database.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { syncCategories } from '../../apps/api/src/db/seed/seed-catalogue.ts';
import { createCatalogueRepository } from '../../apps/api/src/modules/catalogue/catalogue-repository.ts';
import { createNotificationRepository } from '../../apps/api/src/modules/notifications/notification-repository.ts';
import { createNotifier } from '../../apps/api/src/modules/notifications/notifier.ts';
import { createSavedSearchesRepository, matchKeysOf } from '../../apps/api/src/modules/saved-searches/saved-searches-repository.ts';
import {
  alertEmailRenderer,
  DIGEST_JOB,
  enqueueMatch,
  registerSearchAlerts,
} from '../../apps/api/src/modules/saved-searches/search-alerts.ts';
import { createWantedRepository } from '../../apps/api/src/modules/wanted/wanted-repository.ts';
import { createJobQueue } from '../../apps/api/src/platform/jobs/job-queue.ts';
import { CATEGORY_VOCABULARY } from '../browse/vocabulary.ts';
import { wholeFromEnv } from '../shared/env.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { writeResult } from '../shared/paths.ts';

const URL_ = process.env.BENCH_ALERTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/toolshed_bench_alerts';
const SEARCHES = wholeFromEnv('BENCH_SAVED_SEARCHES', 100_000, 100, 10_000_000);
const WANTED_POSTS = wholeFromEnv('BENCH_WANTED_POSTS', 10_000, 10, 1_000_000);
const NEW_ITEMS = wholeFromEnv('BENCH_NEW_ITEMS', 1_000, 10, 100_000);
const USERS = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many of the day's alert emails are sent, to time the sending. */
const EMAILS_SENT = wholeFromEnv('BENCH_ALERT_EMAILS', 2_000, 10, 1_000_000);

async function recreate(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

/** The words people save: each tool's last word, its plural, the whole name, the last two words. */
function searchWordsOfCatalogue(): string[] {
  const out = new Set<string>();
  for (const v of Object.values(CATEGORY_VOCABULARY)) {
    for (const noun of v.nouns) {
      const words = noun.toLowerCase().split(/\s+/);
      const last = words.at(-1)!;
      out.add(last).add(`${last}s`).add(words.join(' '));
      if (words.length > 1) out.add(words.slice(-2).join(' '));
    }
  }
  return [...out];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 100) / 100;

async function main() {
  const started = performance.now();
  console.log(`Saved searches bench: ${SEARCHES.toLocaleString('en-GB')} searches, ${NEW_ITEMS} new listings, on ${URL_}`);
  await recreate(URL_);
  const database = await openDatabase({ databaseUrl: URL_, poolSize: 4 });
  await database.migrate();
  const db: Db = database.db;
  await syncCategories(db);
  await queryRows(
    db,
    sql`insert into users (id, name, email, email_verified, created_at, updated_at)
        select 'u' || g, 'Member ' || g, 'member' || g || '@example.com', true, now(), now() from generate_series(1, ${USERS}) g`,
  );

  // Each distinct search's tsquery, as the planner makes it (the vocabulary is empty: the words as
  // typed and their forms, the shape of most saved searches).
  const catalogue = createCatalogueRepository(db);
  const words = searchWordsOfCatalogue();
  const queries: Array<{ search: string; query: string; keys: string[] }> = [];
  for (const search of words) {
    const query = await catalogue.matchQueryText(await catalogue.planOf({ search, page: 1, pageSize: 1 }));
    if (query) queries.push({ search, query, keys: matchKeysOf(query) });
  }
  const towns = LARGEST_TOWNS.map(([name, lat, lon]) => ({ name, lat, lon }));
  const categoryIds = CATEGORIES.map((c) => c.id);
  const loadStarted = performance.now();
  await queryRows(
    db,
    sql`insert into saved_searches (user_id, name, category_id, search, max_price_pence, min_rating, near, place_label, latitude, longitude,
          radius_miles, frequency, match_query, match_keys, unsubscribe_token)
        select 'u' || (1 + floor(random() * ${USERS})::int), coalesce(q->>'search', 'Anything'),
               case when r_cat < 0.4 or q is null then ${JSON.stringify(categoryIds)}::jsonb->>(floor(random() * ${categoryIds.length})::int) end,
               q->>'search', case when random() < 0.3 then 1000 + floor(random() * 40)::int * 100 end, null,
               case when placed then t->>'name' end, case when placed then t->>'name' end,
               case when placed then (t->>'lat')::float8 end, case when placed then (t->>'lon')::float8 end,
               case when placed then (array[5, 10, 25])[1 + floor(random() * 3)::int] end,
               case when random() < 0.5 then 'instant' else 'daily' end,
               (q->>'query')::tsquery, case when q is not null then array(select jsonb_array_elements_text(q->'keys')) end,
               md5(g::text || random()::text)
          from (select g, random() as r_cat, random() < 0.95 as placed,
                       case when random() < 0.8 then ${JSON.stringify(queries)}::jsonb->(floor(random() * ${queries.length})::int) end as q,
                       ${JSON.stringify(towns)}::jsonb->(floor(random() * ${towns.length})::int) as t
                  from generate_series(1, ${SEARCHES}) g) s`,
  );
  await queryRows(db, sql`vacuum analyze saved_searches`);
  // Open wanted posts: a tool's name or a plain ask as the title, near one of the towns, within 1 to
  // 25 miles, for days in the coming month, a category for seven in ten, a price for half.
  const titles = words.map((w) => `Need a ${w} for the weekend`);
  await queryRows(
    db,
    sql`insert into wanted_posts (user_id, title, category_id, place_label, latitude, longitude, radius_miles, start_date, end_date, max_price_pence)
        select 'u' || (1 + floor(random() * ${USERS})::int), ${JSON.stringify(titles)}::jsonb->>(floor(random() * ${titles.length})::int),
               case when random() < 0.7 then ${JSON.stringify(categoryIds)}::jsonb->>(floor(random() * ${categoryIds.length})::int) end,
               t->>'name', (t->>'lat')::float8 + (random() - 0.5) * 0.1, (t->>'lon')::float8 + (random() - 0.5) * 0.15,
               (array[1, 3, 5, 10, 25])[1 + floor(random() * 5)::int], current_date + 1, current_date + 2 + floor(random() * 30)::int,
               case when random() < 0.5 then 500 + floor(random() * 30)::int * 100 end
          from (select ${JSON.stringify(towns)}::jsonb->(floor(random() * ${towns.length})::int) as t from generate_series(1, ${WANTED_POSTS})) s`,
  );
  await queryRows(db, sql`vacuum analyze wanted_posts`);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  // The day's new listings: tool names of the generated catalogue near the 60 towns.
  const nouns = Object.entries(CATEGORY_VOCABULARY).flatMap(([categoryId, v]) => v.nouns.map((noun) => ({ categoryId, noun })));
  const items = await queryRows<{ id: string }>(
    db,
    sql`insert into items (owner_id, category_id, name, description, daily_rate_pence, min_days, max_days, address, city, postcode,
          latitude, longitude, available)
        select 'u' || (1 + floor(random() * ${USERS})::int), n->>'categoryId', n->>'noun', 'Well kept ' || lower(n->>'noun') || ', ready to use.',
               300 + floor(random() * 60)::int * 50, 1, 7, '1 High Street', t->>'name', 'AB1 2CD',
               (t->>'lat')::float8 + (random() - 0.5) * 0.1, (t->>'lon')::float8 + (random() - 0.5) * 0.15, true
          from (select ${JSON.stringify(nouns)}::jsonb->(floor(random() * ${nouns.length})::int) as n,
                       ${JSON.stringify(towns)}::jsonb->(floor(random() * ${towns.length})::int) as t
                  from generate_series(1, ${NEW_ITEMS})) s
        returning id`,
  );
  await queryRows(db, sql`analyze items`);

  // Each listing's match, as the job runs it, rolled back.
  const repo = createSavedSearchesRepository(db);
  const times: number[] = [];
  const hits: number[] = [];
  const rollback = new Error('rollback');
  for (const { id } of items) {
    await db
      .transaction(async (tx) => {
        const t0 = performance.now();
        const found = await repo.matchItem(tx, id, new Date());
        times.push(performance.now() - t0);
        hits.push(found.length);
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
  }
  // Each listing against the open wanted posts, as the tell-authors job asks, rolled back too.
  const wanted = createWantedRepository(db);
  const wantedTimes: number[] = [];
  const told: number[] = [];
  for (const { id } of items) {
    await db
      .transaction(async (tx) => {
        const t0 = performance.now();
        const found = await wanted.authorsToTell(tx, id, todayInLondon(new Date()), new Date(), 3);
        wantedTimes.push(performance.now() - t0);
        told.push(found.length);
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
  }
  wantedTimes.sort((a, b) => a - b);
  const perItemWanted = {
    min: round(wantedTimes[0]!),
    p50: round(percentile(wantedTimes, 50)),
    p95: round(percentile(wantedTimes, 95)),
    max: round(wantedTimes.at(-1)!),
  };
  const meanTold = round(told.reduce((a, b) => a + b, 0) / told.length);
  console.log(
    `  per listing against ${WANTED_POSTS.toLocaleString('en-GB')} open wanted posts: min ${perItemWanted.min} / p50 ${perItemWanted.p50} / p95 ${perItemWanted.p95} / max ${perItemWanted.max} ms; ${meanTold} authors to tell each on average`,
  );
  const both = times.map((t, n) => t + wantedTimes[n]!).sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const perItem = {
    min: round(times[0]!),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1)!),
  };
  const meanHits = round(hits.reduce((a, b) => a + b, 0) / hits.length);
  console.log(
    `  per listing: min ${perItem.min} / p50 ${perItem.p50} / p95 ${perItem.p95} / max ${perItem.max} ms; ${meanHits} matches each on average`,
  );
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, buffers) select count(*) from saved_searches s where not s.paused and s.match_keys && (
          select array(select w from unnest(tsvector_to_array(i.search_document)) w union
                       select left(w, n) || '*' from unnest(tsvector_to_array(i.search_document)) w, generate_series(1, length(w)) n)
            from items i where i.id = ${items[0]!.id})`,
  );

  // The whole day through the job queue and the notifier. The match and digest jobs run in one
  // queue; the notifier's email jobs are enqueued in the same table but run by a second queue (the
  // notifier's), timed on their own: the matching and the digest are this bench's targets, sending
  // is the mailer's throughput.
  // The listings come through yesterday's 24 hours, one every 86.4 s of the queue's clock (the hourly
  // cap on instant alerts counts by that clock), and are matched as fast as the queue can go.
  let emails = 0;
  const dayStart = Date.now() - 2 * DAY_MS;
  let clock = new Date(dayStart);
  const jobs = createJobQueue({ db, now: () => clock });
  const mailJobs = createJobQueue({ db, now: () => new Date() });
  const notificationRepo = createNotificationRepository(db);
  const notifier = createNotifier({
    db,
    repo: notificationRepo,
    jobs: mailJobs,
    mailer: { send: async () => void emails++ },
    sms: { send: async () => {} },
    appUrl: 'http://localhost:3000',
    now: () => new Date(),
    emails: { 'search.alert': alertEmailRenderer(db, repo, 'http://localhost:3000') },
  });
  registerSearchAlerts({ db, jobs, repo, notifyMany: notifier.notifyMany });
  const dayStarted = performance.now();
  for (const [n, { id }] of items.entries()) {
    clock = new Date(dayStart + (n * DAY_MS) / items.length);
    await enqueueMatch(jobs, db, id, clock);
    await jobs.runDue(1_000_000);
  }
  clock = new Date(dayStart + DAY_MS);
  const matchedSeconds = (performance.now() - dayStarted) / 1000;
  const [held] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from saved_search_hits h join saved_searches s on s.id = h.search_id
         where s.frequency = 'instant' and h.sent_at is null`,
  );
  const digestStarted = performance.now();
  await jobs.enqueue(DIGEST_JOB, { date: 'bench' }, { key: `${DIGEST_JOB}@bench` });
  await jobs.runDue(1_000_000);
  const digestSeconds = (performance.now() - digestStarted) / 1000;
  const daySeconds = (performance.now() - dayStarted) / 1000;
  const [counts] = await queryRows<{ hits: number; notices: number; digests: number; emailJobs: number }>(
    db,
    sql`select (select count(*)::int from saved_search_hits) as hits,
               (select count(*)::int from notifications where kind = 'search.alert') as notices,
               (select count(*)::int from notifications where kind = 'search.alert' and event_key like 'search-digest:%') as digests,
               (select count(*)::int from jobs where name = 'notifications.email' and status = 'queued') as "emailJobs"`,
  );
  const sendStarted = performance.now();
  const sent = await mailJobs.runDue(EMAILS_SENT);
  const emailsPerSecond = round(sent / ((performance.now() - sendStarted) / 1000));
  console.log(
    `  the day: ${NEW_ITEMS} listings matched, their instant alerts written, in ${matchedSeconds.toFixed(1)} s; the digest in ${digestSeconds.toFixed(1)} s; ${daySeconds.toFixed(1)} s in all (${counts!.hits} matches, ${counts!.notices} notices, ${held!.n} instant matches held by the hourly cap for the digest, ${counts!.digests} digests, ${counts!.emailJobs} emails to send)`,
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
      heldByHourlyCap: held!.n,
      ...counts,
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

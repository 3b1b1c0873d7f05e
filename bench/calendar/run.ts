/**
 * npm run calendar -w bench — what reading another calendar costs the API's main thread: for small
 * calendars like the security probe's (a daily event since 1900, once and four times) and for 2 MB
 * ones built to cost the most (the largest answer a fetch accepts), the time to read each at once
 * (readBusyDays, as the tests call it), the steps of its budget, and the longest a health request
 * waited while it was read as the fetch job reads it (readBusyDaysInSlices) and at once. The health
 * endpoint is a plain HTTP server in this process, asked every 5 ms by a client in a worker thread
 * of its own, so a blocked main thread shows as a late answer. Results: bench/results/calendar.json.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { CALENDAR_IMPORT_MONTHS } from '@toolshed/core/contract';
import { todayInLondon } from '@toolshed/core';
import {
  CalendarFormatError,
  MAX_READ_STEPS,
  readBusyDays,
  readBusyDaysInSlices,
} from '../../apps/api/src/modules/calendar-sync/ical-reader.ts';
import { monthsAfter } from '../../apps/api/src/modules/calendar-sync/day-numbers.ts';
import { WorkBudget } from '../../apps/api/src/modules/calendar-sync/work-budget.ts';
import { loadAverage, machineInfo } from '../shared/machine.ts';
import { writeResult } from '../shared/paths.ts';

const RUNS = Number(process.env.BENCH_CALENDAR_RUNS ?? 5);
const MAX_BYTES = 2 * 1024 * 1024;
const today = todayInLondon();
const window = { today, until: monthsAfter(today, CALENDAR_IMPORT_MONTHS) };

const calendarOf = (events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']), 'END:VCALENDAR', ''].join('\r\n');
/** As many events from `event(i)` as fit in 2 MB. */
const fill = (event: (i: number) => string[]) => {
  const one = calendarOf([event(0)]).length;
  return calendarOf(Array.from({ length: Math.floor(MAX_BYTES / one) - 1 }, (_, i) => event(i)));
};
const daily1900 = (i: number) => [
  `UID:probe-${i}@elsewhere.example`,
  'DTSTART;TZID=Europe/Paris:19000101T100000',
  'DTEND;TZID=Europe/Paris:19000101T110000',
  'RRULE:FREQ=DAILY',
];
const basic = (iso: string) => iso.replace(/-/g, '');

const calendars: Array<{ name: string; text: string }> = [
  { name: 'probe: 1 daily event since 1900', text: calendarOf([daily1900(0)]) },
  { name: 'probe: 4 daily events since 1900', text: calendarOf([0, 1, 2, 3].map(daily1900)) },
  { name: '2 MB: daily events since 1900', text: fill(daily1900) },
  {
    name: '2 MB: single timed events in the window',
    text: fill((i) => {
      const day = basic(monthsAfter(today, i % CALENDAR_IMPORT_MONTHS)).slice(0, 6) + String((i % 28) + 1).padStart(2, '0');
      return [`UID:one-${i}@x`, `DTSTART;TZID=America/New_York:${day}T093000`, `DTEND;TZID=America/New_York:${day}T110000`];
    }),
  },
  {
    name: '2 MB: monthly COUNT rules from the year 1',
    text: fill((i) => [`UID:count-${i}@x`, 'DTSTART;VALUE=DATE:00010131', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=31;COUNT=100000000']),
  },
  {
    name: '2 MB: one event with an RDATE line of every day',
    text: calendarOf([
      [
        'UID:rdate@x',
        'DTSTART;VALUE=DATE:20000101',
        `RDATE;VALUE=DATE:${Array.from({ length: Math.floor(MAX_BYTES / 9) - 20 }, (_, i) => basic(new Date(Date.UTC(2000, 0, 1 + (i % 20_000))).toISOString().slice(0, 10))).join(',')}`,
      ],
    ]),
  },
  {
    name: '2 MB: daily event with EXDATEs of every day',
    text: calendarOf([
      [
        'UID:exdate@x',
        'DTSTART;VALUE=DATE:20000101',
        'RRULE:FREQ=DAILY',
        `EXDATE;VALUE=DATE:${Array.from({ length: Math.floor(MAX_BYTES / 9) - 20 }, (_, i) => basic(new Date(Date.UTC(2000, 0, 2 + 2 * (i % 10_000))).toISOString().slice(0, 10))).join(',')}`,
      ],
    ]),
  },
];

/** The health client: in a worker thread, one request every 5 ms on a kept-alive connection; each answer's wait in ms. */
const CLIENT = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let waits = [];
let running = true;
function ask() {
  if (!running) return;
  const sent = performance.now();
  http.get({ host: '127.0.0.1', port: workerData.port, path: '/api/health', agent }, (res) => {
    res.resume();
    res.on('end', () => { waits.push(performance.now() - sent); setTimeout(ask, 5); });
  }).on('error', () => setTimeout(ask, 5));
}
parentPort.on('message', (m) => {
  if (m === 'start') { waits = []; running = true; ask(); }
  if (m === 'stop') { running = false; setTimeout(() => parentPort.postMessage(waits), 50); }
});
`;

async function main() {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new Worker(CLIENT, { eval: true, workerData: { port: (server.address() as AddressInfo).port } });
  const health = async (work: () => Promise<unknown> | unknown) => {
    client.postMessage('start');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    await work();
    loop.disable();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waits = await new Promise<number[]>((resolve) => {
      client.once('message', resolve);
      client.postMessage('stop');
    });
    return { healthAnswers: waits.length, healthMaxMs: round(Math.max(0, ...waits)), loopDelayMaxMs: round(loop.max / 1e6) };
  };
  const round = (n: number) => Math.round(n * 10) / 10;
  const outcome = (read: () => { busy: unknown[] }) => {
    try {
      return `${read().busy.length} busy periods`;
    } catch (err) {
      if (err instanceof CalendarFormatError) return `refused: ${err.message}`;
      throw err;
    }
  };

  const idle = await health(() => new Promise((resolve) => setTimeout(resolve, 500)));
  console.log(`Window ${window.today} to ${window.until} (exclusive); health while idle: max ${idle.healthMaxMs} ms`);
  const results = [];
  for (const { name, text } of calendars) {
    const budget = new WorkBudget(MAX_READ_STEPS);
    const times: number[] = [];
    let result = '';
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      result = outcome(() => readBusyDays(text, run === 0 ? { ...window, budget } : window));
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const sliced = await health(() => readBusyDaysInSlices(text, window).catch(() => undefined));
    const atOnce = await health(() => outcome(() => readBusyDays(text, window)));
    const row = {
      name,
      bytes: text.length,
      outcome: result,
      steps: budget.used,
      readMsFirst: round(times[0]!),
      readMsMedian: round(sorted[Math.floor((sorted.length - 1) / 2)]!),
      sliced,
      atOnce,
    };
    results.push(row);
    console.log(
      `${name}: ${(row.bytes / 1024).toFixed(0)} KB, ${row.outcome}, ${row.steps} steps; read ${row.readMsFirst} ms first, ${row.readMsMedian} ms median; ` +
        `health max ${sliced.healthMaxMs} ms in slices (event loop ${sliced.loopDelayMaxMs} ms), ${atOnce.healthMaxMs} ms read at once`,
    );
  }
  await client.terminate();
  server.close();
  const file = await writeResult(
    'calendar.json',
    JSON.stringify(
      { at: new Date().toISOString(), machine: machineInfo(), loadAverage: loadAverage(), runs: RUNS, window, idle, results },
      null,
      2,
    ),
  );
  console.log(`Written to ${file}`);
}

await main();

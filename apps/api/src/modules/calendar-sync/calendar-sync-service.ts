import { AppError, todayInLondon } from '@toolshed/core';
import { CALENDAR_IMPORT_MONTHS, MAX_CALENDAR_SOURCES, type CalendarSource, type CalendarSourceInput } from '@toolshed/core/contract';
import type { JobLane, JobQueue } from '../../platform/jobs/job-queue.ts';
import { jobFailure } from '../../platform/jobs/job-failure.ts';
import { CalendarFetchError, type CalendarFetcher } from '../../platform/calendar-fetch/fetch-calendar.ts';
import type { CalendarSyncRepository, SourceRow } from './calendar-sync-repository.ts';
import { CalendarFormatError, readBusyDaysInSlices } from './ical-reader.ts';
import { monthsAfter } from './day-numbers.ts';

const CALENDAR_FETCH_JOB = 'calendar-sync.fetch';
/**
 * Fetches run in a lane of their own, four at a time: a fetch may take its whole time limit (10 s)
 * on a slow server, and behind it in the main lane every email, capture and expiry would wait.
 */
const CALENDAR_LANE: JobLane = { name: 'calendars', concurrency: 4 };
/** How often each source is fetched. */
const CALENDAR_FETCH_INTERVAL_MS = 15 * 60_000;
/** Busy periods kept per source (after joining touching ones). */
const MAX_BUSY_PERIODS = 1_000;

interface CalendarSyncDeps {
  repo: CalendarSyncRepository;
  fetcher: CalendarFetcher;
  jobs: JobQueue;
  now?: () => Date;
  /** Told when blocked days changed, so cached item answers are dropped. */
  onChange?: () => void;
  log?: { error(obj: object, msg: string): void };
}

/** SQLSTATE classes of a database that was busy or away, not of a calendar it refused: 08 connection, 40 rollback, 53 resources, 57 operator. */
const TRANSIENT_CLASSES = ['08', '40', '53', '57'];

/** What the owner is told when a calendar was read but its busy days could not be saved (never the statement). */
function notSavedMessage(err: unknown): string {
  const { code } = jobFailure(err);
  const reason =
    code && TRANSIENT_CLASSES.some((c) => code.startsWith(c))
      ? 'the database was busy'
      : `an error on our side${code ? ` (code ${code})` : ''}`;
  return `This calendar could not be saved: ${reason}. It will be tried again at the next fetch, in 15 minutes.`;
}

/** Zone names quoted in a warning, and the length of each. */
const NAMED_ZONES = 3;
const ZONE_NAME_LENGTH = 60;

/** What the owner is told about time zones a calendar names that could not be read (ical-reader.ts); null when none. */
export function unknownZonesWarning(zones: string[]): string | null {
  if (zones.length === 0) return null;
  const quoted = zones.slice(0, NAMED_ZONES).map((z) => `"${z.length > ZONE_NAME_LENGTH ? `${z.slice(0, ZONE_NAME_LENGTH)}...` : z}"`);
  const more = zones.length > NAMED_ZONES ? ` and ${zones.length - NAMED_ZONES} more` : '';
  const one = zones.length === 1;
  return (
    `This calendar uses ${one ? 'a time zone' : 'time zones'} we do not recognise: ${quoted.join(', ')}${more}. ` +
    `Events in ${one ? 'it' : 'them'} were read as London time and also block the day before and the day after, as they may fall on either.`
  );
}

/**
 * The job key of a source's next fetch: one per 15-minute slot of its run time, so a fetch that runs
 * again (a lease taken over) enqueues the same next fetch instead of a second chain.
 */
const nextKey = (sourceId: string, runAt: Date) =>
  `${CALENDAR_FETCH_JOB}:${sourceId}@${Math.floor(runAt.getTime() / CALENDAR_FETCH_INTERVAL_MS)}`;

function view(row: SourceRow): CalendarSource {
  return {
    id: row.id,
    url: row.url,
    itemId: row.itemId,
    itemName: row.itemName,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: row.lastError,
    lastWarning: row.lastWarning,
    busyPeriods: Number(row.blockedRanges),
  };
}

/**
 * An owner's other calendars (calendar sync): added for one item or all their items, fetched by the
 * job queue at once and then every 15 minutes; each good answer's busy days replace the source's
 * blocked days, and a failed fetch keeps them and records why on the source.
 */
export function createCalendarSyncService({ repo, fetcher, jobs, now = () => new Date(), onChange = () => {}, log }: CalendarSyncDeps) {
  async function list(ownerId: string): Promise<CalendarSource[]> {
    return (await repo.list(ownerId)).map(view);
  }

  async function add(ownerId: string, input: CalendarSourceInput): Promise<CalendarSource> {
    // Calendar apps share addresses as webcal://, which is HTTPS.
    const url = input.url.trim().replace(/^webcals?:\/\//i, 'https://');
    try {
      fetcher.checkAddress(url);
    } catch (err) {
      if (err instanceof CalendarFetchError) throw new AppError('VALIDATION', `${err.message}.`, 'url');
      throw err;
    }
    if (input.itemId && !(await repo.ownsItem(ownerId, input.itemId))) throw new AppError('NOT_FOUND', 'Item not found', 'itemId');
    if ((await repo.countFor(ownerId)) >= MAX_CALENDAR_SOURCES) {
      throw new AppError('VALIDATION', `You can add at most ${MAX_CALENDAR_SOURCES} calendars. Please remove one first.`, 'url');
    }
    if (await repo.exists(ownerId, url, input.itemId))
      throw new AppError('CONFLICT', 'This calendar is already added for these items.', 'url');
    const at = now();
    const id = await repo.insert({ ownerId, itemId: input.itemId, url, now: at }, async (tx, sourceId) => {
      await jobs.enqueue(CALENDAR_FETCH_JOB, { sourceId }, { key: `${CALENDAR_FETCH_JOB}:${sourceId}@added`, runAt: at }, tx);
    });
    const added = (await repo.list(ownerId)).find((s) => s.id === id)!;
    return view(added);
  }

  async function remove(ownerId: string, id: string): Promise<void> {
    if (!(await repo.remove(ownerId, id))) throw new AppError('NOT_FOUND', 'Calendar not found');
    onChange();
  }

  /** Fetches one source: never throws for what the calendar did, only when the database fails. */
  async function fetchSource(sourceId: string, at: Date): Promise<void> {
    const source = await repo.find(sourceId);
    if (!source) return; // removed: its chain of fetches ends here
    if (source.ownerDeleted) {
      await repo.removeAllOf(source.ownerId);
      return;
    }
    // The next fetch first, so that nothing below can break the chain.
    const nextAt = new Date(at.getTime() + CALENDAR_FETCH_INTERVAL_MS);
    await jobs.enqueue(CALENDAR_FETCH_JOB, { sourceId }, { key: nextKey(sourceId, nextAt), runAt: nextAt });

    let outcome;
    try {
      outcome = await fetcher.fetch({ url: source.url, etag: source.etag, lastModified: source.lastModified });
    } catch (err) {
      if (err instanceof CalendarFetchError) return repo.recordError(sourceId, err.message, now());
      log?.error({ failure: jobFailure(err), sourceId }, 'calendar fetch failed unexpectedly');
      return repo.recordError(sourceId, 'The calendar could not be fetched', now());
    }
    if (outcome.status === 'not-modified') {
      // Nothing changed, unless an item was added since that the busy days must cover too.
      if (await repo.hasUncoveredItem(source)) {
        await saved(sourceId, () => repo.replaceBlockedDays(source, source.busyRanges, undefined, now()));
        onChange();
      } else await repo.recordNotModified(sourceId, now());
      return;
    }
    const today = todayInLondon(now());
    let busy;
    let warning;
    try {
      // In slices, so that a big calendar never holds the server for more than a few milliseconds at a time.
      const read = await readBusyDaysInSlices(outcome.text, { today, until: monthsAfter(today, CALENDAR_IMPORT_MONTHS) });
      busy = read.busy;
      warning = unknownZonesWarning(read.unknownZones);
    } catch (err) {
      if (err instanceof CalendarFormatError) return repo.recordError(sourceId, err.message, now());
      await told(
        sourceId,
        'This calendar could not be read: an error on our side. It will be tried again at the next fetch, in 15 minutes.',
      );
      throw err;
    }
    if (busy.length > MAX_BUSY_PERIODS)
      return repo.recordError(
        sourceId,
        `The calendar has more than ${MAX_BUSY_PERIODS} busy periods in the next ${CALENDAR_IMPORT_MONTHS} months`,
        now(),
      );
    await saved(sourceId, () =>
      repo.replaceBlockedDays(source, busy, { etag: outcome.etag, lastModified: outcome.lastModified }, now(), warning),
    );
    onChange();
  }

  /**
   * Writes a source's busy days; when the database refuses, the owner's panel says so (the source's
   * last error) and the error goes on to the job, whose log keeps its cause.
   */
  async function saved(sourceId: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (err) {
      await told(sourceId, notSavedMessage(err));
      throw err;
    }
  }

  /** Records `message` as the source's last error, if the database lets it (the error that led here is thrown either way). */
  async function told(sourceId: string, message: string): Promise<void> {
    await repo.recordError(sourceId, message, now()).catch((err: unknown) => {
      log?.error({ sourceId, failure: jobFailure(err) }, "a calendar's error could not be recorded");
    });
  }

  // One attempt: a failed run is followed by the next one 15 minutes later, never retried in a loop.
  jobs.register<{ sourceId: string }>(CALENDAR_FETCH_JOB, (payload, ctx) => fetchSource(payload.sourceId, ctx.now), {
    maxAttempts: 1,
    lane: CALENDAR_LANE,
  });
  // Finished fetches are kept a day, not the 90 days of other jobs: their keys matter only for the next slot.
  jobs.daily('calendar-sync.forget-finished-fetches', '03:40', async (_payload, ctx) => {
    await repo.forgetFinishedJobs(CALENDAR_FETCH_JOB, new Date(ctx.now.getTime() - 86_400_000));
  });

  return { list, add, remove, fetchSource };
}

export type CalendarSyncService = ReturnType<typeof createCalendarSyncService>;

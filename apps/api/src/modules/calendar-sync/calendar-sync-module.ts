import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { calendarSyncRoutes } from './calendar-sync-routes.ts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { isPublicAddress } from '../../platform/calendar-fetch/address-guard.ts';
import {
  createCalendarFetcher,
  type CalendarFetcherOptions,
  type CalendarFetchLimits,
} from '../../platform/calendar-fetch/fetch-calendar.ts';
import { createCalendarSyncRepository } from './calendar-sync-repository.ts';
import { createCalendarSyncService } from './calendar-sync-service.ts';

/** What a test may change about fetching: the limits, and which addresses count as allowed. */
export interface CalendarImportOptions {
  limits?: Partial<CalendarFetchLimits>;
  addressAllowed?: CalendarFetcherOptions['addressAllowed'];
}

export function setUpCalendarSync(deps: {
  db: Db;
  jobs: JobQueue;
  /** Told of days no longer blocked ('calendar.days_unblocked'), in the transaction that freed them. */
  events?: EventBus;
  now: () => Date;
  /** CALENDAR_IMPORT_ALLOW_PRIVATE: any address, the server's own networks included. */
  allowPrivate: boolean;
  onChange: () => void;
  log: { error(obj: object, msg: string): void };
  options?: CalendarImportOptions;
}) {
  const fetcher = createCalendarFetcher({
    ...(deps.options?.limits ? { limits: deps.options.limits } : {}),
    addressAllowed: deps.options?.addressAllowed ?? (deps.allowPrivate ? () => true : (address) => isPublicAddress(address)),
  });
  return createCalendarSyncService({
    repo: createCalendarSyncRepository(deps.db, {
      onUnblocked: async (tx, days) => {
        for (const d of days) await deps.events?.publish(tx, { type: 'calendar.days_unblocked', ...d });
      },
    }),
    fetcher,
    jobs: deps.jobs,
    now: deps.now,
    onChange: deps.onChange,
    log: deps.log,
  });
}

/** Owners' other calendars: their sources, the fetch job, and the blocked days checkout reads. */
export async function registerCalendarSync(api: FastifyInstance, kit: ModuleKit, options?: CalendarImportOptions) {
  const service = setUpCalendarSync({
    ...kit,
    allowPrivate: kit.config.calendarImportAllowPrivate,
    onChange: kit.catalogueChanged,
    ...(options ? { options } : {}),
  });
  await api.register(calendarSyncRoutes, { service });
}

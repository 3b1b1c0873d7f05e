import type { GeoPoint } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Notice } from '../notifications/notifier.ts';
import { createSavedSearchesRepository } from './saved-searches-repository.ts';
import { createSavedSearchesService } from './saved-searches-service.ts';
import { alertEmailRenderer, enqueueMatch, registerSearchAlerts } from './search-alerts.ts';

/**
 * Saved searches: the service for the routes, the alert email for the notifications (its
 * unsubscribe), the hook the items module calls when an item is listed, and the alert jobs, whose
 * notices go through the notifier once it exists (`startAlerts`).
 */
export function setUpSavedSearches(deps: {
  db: Db;
  jobs: JobQueue;
  appUrl: string;
  now: () => Date;
  origin: (near: string) => Promise<GeoPoint & { label: string }>;
  matchQueryOf: (search: string | undefined) => Promise<string | null>;
}) {
  const { db, jobs, appUrl, now } = deps;
  const repo = createSavedSearchesRepository(db);
  return {
    service: createSavedSearchesService({ repo, origin: deps.origin, matchQueryOf: deps.matchQueryOf, now }),
    emails: { 'search.alert': alertEmailRenderer(db, repo, appUrl) },
    /** For the items module: in the transaction that lists an item, its matching is enqueued. */
    listed: (executor: Executor, itemId: string) => enqueueMatch(jobs, executor, itemId, now()),
    startAlerts(notifyMany: (executor: Executor, notices: readonly Notice[]) => Promise<number>) {
      registerSearchAlerts({ db, jobs, repo, notifyMany });
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { Catalogue } from '../catalogue/catalogue-module.ts';
import type { Notifications } from '../notifications/notifications-module.ts';
import { savedSearchesRoutes } from './saved-searches-routes.ts';
import type { GeoPoint } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Notice } from '../notifications/notifier.ts';
import { createInstantAlertsRepository } from './instant-alerts-repository.ts';
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
      registerSearchAlerts({ db, jobs, repo, caps: createInstantAlertsRepository(db), notifyMany });
    },
  };
}

/** Saved searches and their alerts: /api/me/saved-searches, the alert email and jobs; `listed` for the items module. */
export async function registerSavedSearches(
  api: FastifyInstance,
  kit: ModuleKit,
  uses: { catalogue: Catalogue; notifications: Notifications },
) {
  const savedSearches = setUpSavedSearches({
    db: kit.db,
    jobs: kit.jobs,
    appUrl: kit.config.appUrl,
    now: kit.now,
    origin: uses.catalogue.origin,
    matchQueryOf: uses.catalogue.matchQueryOf,
  });
  uses.notifications.addEmails(savedSearches.emails);
  savedSearches.startAlerts(uses.notifications.notifier.notifyMany);
  await api.register(savedSearchesRoutes, { service: savedSearches.service });
  return { listed: savedSearches.listed };
}

import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { Catalogue } from '../catalogue/catalogue-module.ts';
import type { Notifications } from '../notifications/notifications-module.ts';
import { wantedRoutes } from './wanted-routes.ts';
import type { GeoPoint } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { Notice } from '../notifications/notifier.ts';
import type { Executor } from '../../db/database.ts';
import { createWantedRepository } from './wanted-repository.ts';
import { createWantedService } from './wanted-service.ts';
import { enqueueTellAuthors, enqueueTellOwners, offerNotice, registerTellAuthors, registerTellOwners } from './wanted-notices.ts';

/**
 * Wanted posts: the service for the routes and the job that tells owners near a new post, whose
 * notices (and the author's of each offer) go through the notifier it is handed.
 */
export function setUpWanted(deps: {
  db: Db;
  jobs: JobQueue;
  storage: FileStorage;
  now: () => Date;
  origin: (near: string) => Promise<GeoPoint & { label: string }>;
  notify: (executor: Executor, notice: Notice) => Promise<string | null>;
}) {
  const { db, jobs, notify } = deps;
  const repo = createWantedRepository(db);
  registerTellOwners({ db, jobs, repo, notify });
  registerTellAuthors({ db, jobs, repo, notify });
  return createWantedService({
    db,
    repo,
    storage: deps.storage,
    now: deps.now,
    origin: deps.origin,
    posted: (executor, postId) => enqueueTellOwners(jobs, executor, postId),
    offered: async (executor, offer) => {
      await notify(executor, offerNotice(offer));
    },
  });
}

/**
 * Wanted posts: /api/wanted, the job that tells owners near a new post, and `listed` for the items
 * module, whose job tells the authors of open posts a new listing answers.
 */
export async function registerWanted(api: FastifyInstance, kit: ModuleKit, uses: { catalogue: Catalogue; notifications: Notifications }) {
  const service = setUpWanted({ ...kit, origin: uses.catalogue.origin, notify: uses.notifications.notifier.notify });
  await api.register(wantedRoutes, { service });
  return { listed: (executor: Executor, itemId: string) => enqueueTellAuthors(kit.jobs, executor, itemId, kit.now()) };
}

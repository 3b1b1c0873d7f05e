import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { WheelbarrowCheck } from '../checkout/wheelbarrow-check.ts';
import type { Notifications } from '../notifications/notifications-module.ts';
import { createDateWatchesRepository } from './date-watches-repository.ts';
import { dateWatchesRoutes } from './date-watches-routes.ts';
import { createDateWatchesService } from './date-watches-service.ts';
import { subscribeFreedDates } from './freed-dates.ts';
/** Date watches: told when the dates someone waits for come free. */
export async function registerDateWatches(
  api: FastifyInstance,
  kit: ModuleKit,
  uses: { datesCheck: WheelbarrowCheck; notifications: Notifications },
) {
  const repo = createDateWatchesRepository(kit.db);
  subscribeFreedDates({ ...kit, repo, check: uses.datesCheck, notify: uses.notifications.notifier.notify });
  await api.register(dateWatchesRoutes, { service: createDateWatchesService({ repo, check: uses.datesCheck, now: kit.now }) });
}

import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { Notifications } from '../notifications/notifications-module.ts';
import { createHandoverHoursRepository } from './handover-hours-repository.ts';
import { createHandoverHoursService, type HandoverHoursService } from './handover-hours-service.ts';
import { handoverTimesRoutes } from './handover-times-routes.ts';
import { createRentalHandoverRepository } from './rental-handover-repository.ts';
import { createRentalHandoverService } from './rental-handover-service.ts';

/** The owners' hours service alone: checkout checks the chosen times with it. */
export const handoverHoursService = (kit: Pick<ModuleKit, 'db'>): HandoverHoursService =>
  createHandoverHoursService(createHandoverHoursRepository(kit.db));

/** Handover times (decision 038): owners' hours, the slots they offer, and a rental's times with proposals. */
export async function registerHandoverTimes(api: FastifyInstance, kit: ModuleKit, uses: { notifications: Notifications }) {
  const hoursRepo = createHandoverHoursRepository(kit.db);
  const reminders = uses.notifications.handoverTimes;
  const rentals = createRentalHandoverService({
    repo: createRentalHandoverRepository(kit.db),
    hours: hoursRepo,
    now: kit.now,
    onProposed: (rentalId, side, by, minutes) => reminders.proposed(rentalId, side, by, minutes, kit.now()),
    onChanged: reminders.schedule,
  });
  await api.register(handoverTimesRoutes, { hours: createHandoverHoursService(hoursRepo), rentals });
}

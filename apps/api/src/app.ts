import type { FastifyInstance } from 'fastify';
import { createServer, type ServerDeps } from './platform/http/create-server.ts';
import { registerAuth } from './modules/auth/auth-module.ts';
import { registerSafety } from './modules/safety/safety-module.ts';
import { registerCatalogue } from './modules/catalogue/catalogue-module.ts';
import { registerNotifications } from './modules/notifications/notifications-module.ts';
import { registerSavedSearches } from './modules/saved-searches/saved-searches-module.ts';
import { registerItems, registerRenterRequirements } from './modules/items/items-module.ts';
import { registerDeposits } from './modules/deposits/deposits-module.ts';
import { registerCheckout } from './modules/checkout/checkout-module.ts';
import { registerWheelbarrow } from './modules/wheelbarrow/wheelbarrow-module.ts';
import { registerMoney } from './modules/money/money-module.ts';
import { registerReviews } from './modules/reviews/reviews-module.ts';
import { registerRentals } from './modules/rentals/rentals-module.ts';
import { registerOwners } from './modules/owners/owners-module.ts';
import { registerProfile } from './modules/profile/profile-module.ts';
import { registerAccount } from './modules/account/account-module.ts';
import { registerCalendarSync, type CalendarImportOptions } from './modules/calendar-sync/calendar-sync-module.ts';
import { registerMessages } from './modules/messages/messages-module.ts';
import { registerVitals } from './modules/vitals/vitals-module.ts';
import { registerSavedItems } from './modules/saved/saved-items-module.ts';
import { registerDateWatches } from './modules/date-watches/date-watches-module.ts';
import { registerWanted } from './modules/wanted/wanted-module.ts';
import { registerSupport } from './modules/support/support-module.ts';
import { registerHandoverTimes } from './modules/handover-times/handover-times-module.ts';
import { registerOps } from './modules/ops/ops-module.ts';
import { registerWebFront } from './modules/web-shell/web-shell-module.ts';

export interface AppDeps extends ServerDeps {
  /** Owners' other calendars: fetch limits and the address rule (tests); default from the configuration. */
  calendarImport?: CalendarImportOptions;
}

/**
 * The whole API: the server with its platform parts, then each module registering itself (its
 * routes, jobs and event subscribers) with the kit and what the modules before it offer.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { app, kit } = await createServer(deps);
  const { checkPassword } = await registerAuth(app, kit);
  let catalogue: Awaited<ReturnType<typeof registerCatalogue>> | undefined;
  await app.register(
    async (api) => {
      const { blocks, hiddenOwners } = await registerSafety(api, kit);
      catalogue = await registerCatalogue(api, kit, { hiddenOwners });
      const notifications = await registerNotifications(api, kit);
      const { listed } = await registerSavedSearches(api, kit, { catalogue, notifications });
      const requirements = await registerRenterRequirements(api, kit);
      const deposits = await registerDeposits(api, kit, { notifications });
      const { check, datesCheck } = await registerCheckout(api, kit, { deposits: deposits.checkout, requirements, blocks });
      await registerWheelbarrow(api, kit, { requirements, blocks });
      await registerMoney(api, kit);
      const reviews = await registerReviews(api, kit);
      const rentals = await registerRentals(api, kit, { onReturned: reviews.scheduleReveal, blocks });
      await registerOps(api, kit, {
        deposits: deposits.service,
        cancelRental: (rentalId, reason) => rentals.rentals.cancelBySystem(rentalId, reason),
        closeRequest: (rentalId, reason) => rentals.requests.closeBySystem(rentalId, reason),
        declineExtension: (rentalId, reason) => rentals.extensions.declineBySystem(rentalId, reason),
      });
      const wanted = await registerWanted(api, kit, { catalogue, notifications });
      await registerItems(api, kit, { catalogue, listed: [listed, wanted.listed] });
      await registerOwners(api, kit, { catalogue, reviews, hiddenOwners });
      await registerProfile(api, kit);
      await registerAccount(api, kit, { checkPassword });
      await registerCalendarSync(api, kit, deps.calendarImport);
      await registerMessages(api, kit, { notifications, blocks });
      await registerVitals(api, kit);
      await registerSavedItems(api, kit, { check, catalogue });
      await registerDateWatches(api, kit, { datesCheck, notifications });
      await registerSupport(api, kit);
      await registerHandoverTimes(api, kit, { notifications });
    },
    { prefix: '/api' },
  );
  await registerWebFront(app, kit, { catalogue: catalogue! });
  return app;
}

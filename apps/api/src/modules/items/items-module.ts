import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { Executor } from '../../db/database.ts';
import type { Catalogue } from '../catalogue/catalogue-module.ts';
import { createItemsRepository } from './items-repository.ts';
import { itemsRoutes } from './items-routes.ts';
import { createItemsService } from './items-service.ts';
import { createRenterRequirements } from './renter-requirements.ts';
import { createRenterRequirementsRepository } from './renter-requirements-repository.ts';
import { renterRequirementsRoutes } from './renter-requirements-routes.ts';
/** What owners ask of renters: checked when a line is added to the saved wheelbarrow and at checkout. */
export async function registerRenterRequirements(api: FastifyInstance, kit: ModuleKit) {
  const requirements = createRenterRequirements(createRenterRequirementsRepository(kit.db));
  await api.register(renterRequirementsRoutes, { requirements });
  return requirements;
}

/** Owners' listings: create, edit, photos, pause and delete. */
export async function registerItems(
  api: FastifyInstance,
  kit: ModuleKit,
  uses: { catalogue: Catalogue; listed: ReadonlyArray<(executor: Executor, itemId: string) => Promise<void>> },
) {
  const service = createItemsService(
    createItemsRepository(kit.db),
    kit.geocoder,
    kit.storage,
    kit.now,
    kit.catalogueChanged,
    async (executor, itemId) => {
      // Each module that hears of a listing enqueues its own job, in the transaction that lists it.
      for (const listed of uses.listed) await listed(executor, itemId);
    },
  );
  await api.register(itemsRoutes, { service, catalogue: uses.catalogue });
}

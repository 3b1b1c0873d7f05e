import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { WheelbarrowCheck } from '../checkout/wheelbarrow-check.ts';
import type { Catalogue } from '../catalogue/catalogue-module.ts';
import { createSavedItemsRepository } from './saved-items-repository.ts';
import { savedItemsRoutes } from './saved-items-routes.ts';
import { createSavedItemsService } from './saved-items-service.ts';
/** Saved items, with their dates judged as checkout would. */
export async function registerSavedItems(api: FastifyInstance, kit: ModuleKit, uses: { check: WheelbarrowCheck; catalogue: Catalogue }) {
  const service = createSavedItemsService({
    repo: createSavedItemsRepository(kit.db),
    check: uses.check,
    storage: kit.storage,
    origin: uses.catalogue.origin,
  });
  await api.register(savedItemsRoutes, { service });
}

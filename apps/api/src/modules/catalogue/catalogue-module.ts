import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { TtlCache } from '../../platform/cache/ttl-cache.ts';
import type { HiddenOwnersOfRequest } from '../safety/block-guards.ts';
import { createCatalogueRepository } from './catalogue-repository.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { createCatalogueService } from './catalogue-service.ts';
/** Browse, search, suggestions and item pages; answers cached for a few seconds and dropped on every change this process makes. */
export async function registerCatalogue(api: FastifyInstance, kit: ModuleKit, uses: { hiddenOwners: HiddenOwnersOfRequest }) {
  const browseCache = new TtlCache<unknown>(kit.config.browseCacheMs, 5_000);
  kit.signals.on('catalogue.changed', () => browseCache.clear());
  const catalogue = createCatalogueService(createCatalogueRepository(kit.db), kit.storage, kit.now, browseCache, kit.geocoder);
  await api.register(catalogueRoutes, { service: catalogue, hiddenOwners: uses.hiddenOwners });
  return catalogue;
}

export type Catalogue = Awaited<ReturnType<typeof registerCatalogue>>;

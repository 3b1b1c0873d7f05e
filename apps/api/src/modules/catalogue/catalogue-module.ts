import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { TtlCache } from '../../platform/cache/ttl-cache.ts';
import type { ReadRouting } from '../../platform/replicas/read-routing.ts';
import type { HiddenOwnersOfRequest } from '../safety/block-guards.ts';
import { createCatalogueRepository } from './catalogue-repository.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { createCatalogueService } from './catalogue-service.ts';
/** With read replicas: a member who has just changed something is answered afresh (from the primary), never from the cache. */
class OwnWritesCache extends TtlCache<unknown> {
  constructor(
    ttlMs: number,
    maxEntries: number,
    private readonly reads: ReadRouting,
  ) {
    super(ttlMs, maxEntries);
  }

  override getOrCompute(key: string, compute: () => Promise<unknown>): Promise<unknown> {
    return this.reads.mustSeeOwnWrites() ? compute() : super.getOrCompute(key, compute);
  }
}

/** Browse, search, suggestions and item pages; answers cached for a few seconds and dropped on every change this process makes. */
export async function registerCatalogue(api: FastifyInstance, kit: ModuleKit, uses: { hiddenOwners: HiddenOwnersOfRequest }) {
  const { reads } = kit;
  const browseCache = reads.replicated
    ? new OwnWritesCache(kit.config.browseCacheMs, 5_000, reads)
    : new TtlCache<unknown>(kit.config.browseCacheMs, 5_000);
  kit.signals.on('catalogue.changed', () => {
    browseCache.clear();
    // An answer read from a replica that had not yet replayed the change may have been kept meanwhile.
    if (reads.replicated) setTimeout(() => browseCache.clear(), kit.config.databaseReplicaMaxLagMs).unref();
  });
  const repo = reads.route((db) => createCatalogueRepository(db));
  const catalogue = createCatalogueService(repo, kit.storage, kit.now, browseCache, kit.geocoder);
  await api.register(catalogueRoutes, { service: catalogue, hiddenOwners: uses.hiddenOwners });
  return catalogue;
}

export type Catalogue = Awaited<ReturnType<typeof registerCatalogue>>;

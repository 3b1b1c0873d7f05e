import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { TtlCache } from '../../platform/cache/ttl-cache.ts';
import { hiddenOwnersOfRequest } from './block-guards.ts';
import { createBlocksRepository } from './blocks-repository.ts';
import { blocksRoutes } from './blocks-routes.ts';
import { createBlocksService } from './blocks-service.ts';
import { createReportsRepository } from './reports-repository.ts';
import { reportsRoutes } from './reports-routes.ts';
import { createReportsService } from './reports-service.ts';
/**
 * Report and block. A block holds both ways: the modules that book, message or browse are handed
 * `blocks` and refuse or hide through the guards in block-guards.ts.
 */
export async function registerSafety(api: FastifyInstance, kit: ModuleKit) {
  // Each signed-in viewer's blocked owners, for browsing, dropped on every block and unblock.
  const viewersBlocks = new TtlCache<string[]>(kit.config.browseCacheMs, 5_000);
  const blocks = createBlocksService(createBlocksRepository(kit.db), () => {
    kit.catalogueChanged();
    viewersBlocks.clear();
  });
  await api.register(blocksRoutes, { service: blocks });
  await api.register(reportsRoutes, { service: createReportsService(createReportsRepository(kit.db), kit.catalogueChanged) });
  return { blocks, hiddenOwners: hiddenOwnersOfRequest(api.currentUser, blocks, viewersBlocks) };
}

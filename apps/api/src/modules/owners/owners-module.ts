import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { Catalogue } from '../catalogue/catalogue-module.ts';
import type { Reviews } from '../reviews/reviews-module.ts';
import type { HiddenOwnersOfRequest } from '../safety/block-guards.ts';
import { ownerRoutes } from './owner-routes.ts';
import { createOwnersRepository } from './owners-repository.ts';
import { createOwnersService } from './owners-service.ts';
/** Owner pages: the owner, their listed items and their reviews; hidden from a member either of them blocked. */
export async function registerOwners(
  api: FastifyInstance,
  kit: ModuleKit,
  uses: { catalogue: Catalogue; reviews: Reviews; hiddenOwners: HiddenOwnersOfRequest },
) {
  const service = createOwnersService({
    repo: kit.reads.route((db) => createOwnersRepository(db)),
    catalogue: uses.catalogue,
    reviews: uses.reviews,
  });
  await api.register(ownerRoutes, { service, hiddenOwners: uses.hiddenOwners });
}

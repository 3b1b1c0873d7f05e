import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { RenterRequirementsCheck } from '../items/renter-requirements.ts';
import { wheelbarrowRequiringStanding } from '../items/renter-requirements.ts';
import { wheelbarrowRefusingBlocked } from '../safety/block-guards.ts';
import type { BlocksService } from '../safety/blocks-service.ts';
import { createWheelbarrowRepository } from './wheelbarrow-repository.ts';
import { wheelbarrowRoutes } from './wheelbarrow-routes.ts';
import { createWheelbarrowService } from './wheelbarrow-service.ts';
/** The saved wheelbarrow, refusing a line whose owner asks what the renter lacks, or that a block refuses. */
export async function registerWheelbarrow(
  api: FastifyInstance,
  kit: ModuleKit,
  uses: { requirements: RenterRequirementsCheck; blocks: BlocksService },
) {
  const service = createWheelbarrowService(createWheelbarrowRepository(kit.db), kit.storage);
  await api.register(wheelbarrowRoutes, {
    service: wheelbarrowRefusingBlocked(wheelbarrowRequiringStanding(service, uses.requirements), uses.blocks),
  });
}

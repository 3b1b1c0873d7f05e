import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { createVitalsRepository } from './vitals-repository.ts';
import { vitalsRoutes } from './vitals-routes.ts';
import { createVitalsService } from './vitals-service.ts';
/** Web vitals sent by browsers, kept for the operators' figures. */
export async function registerVitals(api: FastifyInstance, kit: ModuleKit) {
  await api.register(vitalsRoutes, { service: createVitalsService(createVitalsRepository(kit.db), kit.now) });
}

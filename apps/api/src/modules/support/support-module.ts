import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { createSupportRepository } from './support-repository.ts';
import { supportRoutes } from './support-routes.ts';
import { createSupportService } from './support-service.ts';
/** The contact form, mailed to support. */
export async function registerSupport(api: FastifyInstance, kit: ModuleKit) {
  const service = createSupportService({
    repo: createSupportRepository(kit.db),
    mailer: kit.mailer,
    supportEmail: kit.config.supportEmail,
    now: kit.now,
  });
  await api.register(supportRoutes, { service, perIpLimit: kit.config.supportRateLimit });
}

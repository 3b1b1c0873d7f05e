import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { createPhoneVerification } from './phone-verification.ts';
import { createProfileRepository } from './profile-repository.ts';
import { profileRoutes } from './profile-routes.ts';
import { createProfileService } from './profile-service.ts';
/** The member's own profile: name, picture, address, phone (verified by text message), vacation mode. */
export async function registerProfile(api: FastifyInstance, kit: ModuleKit) {
  const repo = createProfileRepository(kit.db);
  const phone = createPhoneVerification({
    repo,
    sms: kit.sms,
    secret: kit.authSecret,
    now: kit.now,
    log: (err) => kit.log.error({ err }, 'sms send failed'),
  });
  await api.register(profileRoutes, { service: createProfileService(repo, kit.storage, kit.now, kit.catalogueChanged), phone });
}

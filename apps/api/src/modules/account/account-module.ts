import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { PasswordChecker } from './password-check.ts';
import { createAccountDataRepository } from './account-data-repository.ts';
import { createAccountRepository } from './account-repository.ts';
import { accountRoutes } from './account-routes.ts';
import { createAccountService } from './account-service.ts';
import { createCalendarFeed } from './calendar-feed.ts';
/** The account: its data to download, its deletion, and the member's calendar feed. */
export async function registerAccount(api: FastifyInstance, kit: ModuleKit, uses: { checkPassword: PasswordChecker }) {
  const service = createAccountService({
    db: kit.db,
    repo: createAccountDataRepository(kit.db),
    jobs: kit.jobs,
    storage: kit.storage,
    now: kit.now,
    onChange: kit.catalogueChanged,
  });
  const calendar = createCalendarFeed(createAccountRepository(kit.db), kit.config.appUrl, kit.now);
  await api.register(accountRoutes, { service, calendar, checkPassword: uses.checkPassword, now: kit.now });
}

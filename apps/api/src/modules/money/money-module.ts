import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { moneyRoutes } from './money-routes.ts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PayoutProvider } from '../../platform/payments/payout-provider.ts';
import { createMoneyRepository } from './money-repository.ts';
import { createMoneyService } from './money-service.ts';
import { registerPayoutJob } from './payout-job.ts';
import { createWithdrawalRepository } from './withdrawal-repository.ts';
import { createWithdrawalService } from './withdrawal-service.ts';

/** Balance, transactions and withdrawals, with the payout job registered. */
export function setUpMoney(deps: { db: Db; jobs: JobQueue; events: EventBus; payouts: PayoutProvider; now: () => Date }) {
  const moneyRepo = createMoneyRepository(deps.db);
  const withdrawalRepo = createWithdrawalRepository(deps.db);
  registerPayoutJob({ jobs: deps.jobs, events: deps.events, repo: withdrawalRepo, payouts: deps.payouts });
  const money = createMoneyService(moneyRepo);
  const withdrawals = createWithdrawalService({
    repo: withdrawalRepo,
    payouts: deps.payouts,
    jobs: deps.jobs,
    available: async (userId) => (await moneyRepo.balances(userId)).availablePence,
    now: deps.now,
  });
  return { money, withdrawals };
}

/** Balance, transactions and withdrawals: /api/me/balance and its neighbours. */
export async function registerMoney(api: FastifyInstance, kit: ModuleKit) {
  const money = setUpMoney(kit);
  await api.register(moneyRoutes, { ...money, now: kit.now });
}

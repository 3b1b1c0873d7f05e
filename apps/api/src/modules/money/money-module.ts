import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { moneyRoutes } from './money-routes.ts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PayoutProvider } from '../../platform/payments/payout-provider.ts';
import { createBankAccountRepository } from './bank-account-repository.ts';
import { createBankAccountService } from './bank-account-service.ts';
import { createMoneyRepository } from './money-repository.ts';
import { createMoneyService } from './money-service.ts';
import { registerPayoutJob } from './payout-job.ts';
import { createWithdrawalRepository } from './withdrawal-repository.ts';
import { createWithdrawalService } from './withdrawal-service.ts';

/** Balance, transactions, the bank account and withdrawals to it, with the payout jobs registered. */
export function setUpMoney(deps: { db: Db; jobs: JobQueue; events: EventBus; payouts: PayoutProvider; now: () => Date }) {
  const moneyRepo = createMoneyRepository(deps.db);
  const withdrawalRepo = createWithdrawalRepository(deps.db);
  const bankAccountRepo = createBankAccountRepository(deps.db);
  registerPayoutJob({ jobs: deps.jobs, events: deps.events, repo: withdrawalRepo, payouts: deps.payouts });
  const money = createMoneyService(moneyRepo);
  const withdrawals = createWithdrawalService({
    repo: withdrawalRepo,
    bankAccounts: bankAccountRepo,
    jobs: deps.jobs,
    available: async (userId) => (await moneyRepo.balances(userId)).availablePence,
    now: deps.now,
  });
  const bankAccounts = createBankAccountService({ repo: bankAccountRepo, payouts: deps.payouts, now: deps.now });
  return { money, withdrawals, bankAccounts };
}

/** Balance, transactions and withdrawals: /api/me/balance and its neighbours. */
export async function registerMoney(api: FastifyInstance, kit: ModuleKit) {
  const money = setUpMoney(kit);
  await api.register(moneyRoutes, { ...money, now: kit.now });
}

import { randomUUID } from 'node:crypto';
import { AppError, formatPence } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { balances } from '../ledger/ledger-repository.ts';
import type { AccountDataRepository } from './account-data-repository.ts';
import { createAccountDeletionRepository } from './account-deletion-repository.ts';
import { enqueueFileRemoval, registerFileRemoval } from './account-files-job.ts';

/**
 * 'Download my data' and 'Delete my account'. Deletion is refused while rentals are open or money
 * is held for the user; otherwise, in one transaction, their personal data and every copy of their
 * words go (others' notices, records and queued work included), an anonymised row ('Deleted user')
 * stays for what others' records and the ledger point at, and the removal of their files from the
 * media store is queued as a keyed, retried job that runs after the commit.
 */
export function createAccountService(deps: {
  db: Db;
  repo: AccountDataRepository;
  jobs: JobQueue;
  storage: FileStorage;
  now: () => Date;
  onChange?: () => void;
}) {
  const { db, repo, jobs, storage, now } = deps;
  const deletion = createAccountDeletionRepository(db);
  registerFileRemoval(jobs, storage);

  return {
    async exportData(userId: string) {
      return { exportedAt: now().toISOString(), format: 'Toolshed account data, version 1', ...(await repo.exportRows(userId)) };
    },

    /** Why the account cannot be deleted now, or null. */
    async deletionBlocker(userId: string): Promise<string | null> {
      const open = await repo.openRentalCount(userId);
      if (open > 0) {
        return `You have ${open} upcoming or active rental${open === 1 ? '' : 's'} (as a renter or an owner). Your account can be deleted once ${open === 1 ? 'it is' : 'they are'} returned or cancelled.`;
      }
      const b = await balances(db, userId);
      if (b.availablePence !== 0)
        return `Your balance is ${formatPence(b.availablePence)}. Please withdraw it before deleting your account.`;
      if (b.pendingCreditsPence !== 0)
        return `You have ${formatPence(b.pendingCreditsPence)} of earnings still pending. Your account can be deleted once they are settled.`;
      if (b.pendingDebitsPence !== 0)
        return `A withdrawal of ${formatPence(b.pendingDebitsPence)} is still being paid out. Your account can be deleted once it is finished.`;
      return null;
    },

    async deleteAccount(userId: string): Promise<void> {
      const blocker = await this.deletionBlocker(userId);
      if (blocker) throw new AppError('CONFLICT', blocker);
      await deletion.deleteAccount(userId, `deleted-${randomUUID()}@deleted.invalid`, (tx, keys) =>
        enqueueFileRemoval(jobs, tx, userId, keys),
      );
      deps.onChange?.();
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

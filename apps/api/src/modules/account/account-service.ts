import { randomUUID } from 'node:crypto';
import { AppError, formatPence } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { balances } from '../ledger/ledger-repository.ts';
import type { AccountDataRepository } from './account-data-repository.ts';

/**
 * 'Download my data' and 'Delete my account'. Deletion is refused while rentals are open or money
 * is held for the user; otherwise personal data and photos go, and an anonymised row ('Deleted
 * user') stays for what others' records and the ledger point at.
 */
export function createAccountService(deps: {
  db: Db;
  repo: AccountDataRepository;
  storage: FileStorage;
  now: () => Date;
  onChange?: () => void;
}) {
  const { db, repo, storage, now } = deps;

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
      const keys = await repo.anonymise(userId, `deleted-${randomUUID()}@deleted.invalid`);
      await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
      deps.onChange?.();
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

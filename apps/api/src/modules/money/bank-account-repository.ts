import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { bankAccounts } from '../../db/schema.ts';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** A member's bank account for payouts, one each (SQL only; the rules are in bank-account-service.ts). */
export function createBankAccountRepository(db: Db) {
  return {
    async find(userId: string): Promise<BankAccountRow | undefined> {
      const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
      return row;
    },

    /** Adds the member's bank account, or replaces the one they had. */
    async save(input: Omit<BankAccountRow, 'createdAt' | 'updatedAt'>, now: Date): Promise<BankAccountRow> {
      const [row] = await db
        .insert(bankAccounts)
        .values({ ...input, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: bankAccounts.userId,
          set: {
            holderName: input.holderName,
            sortCode: input.sortCode,
            last4: input.last4,
            provider: input.provider,
            token: input.token,
            createdAt: now,
            updatedAt: now,
          },
        })
        .returning();
      return row!;
    },

    /** Removes it; true when there was one. Withdrawals already asked for keep their own copy of where they go. */
    async remove(userId: string): Promise<boolean> {
      const rows = await db.delete(bankAccounts).where(eq(bankAccounts.userId, userId)).returning({ userId: bankAccounts.userId });
      return rows.length > 0;
    },
  };
}

export type BankAccountRepository = ReturnType<typeof createBankAccountRepository>;

import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { signInFailures } from '../../db/schema.ts';
import type { FailureLog } from './sign-in-limiter.ts';

/** Failed sign-ins kept in PostgreSQL, so every API process counts the same failures. */
export function createDbFailureLog(db: Db): FailureLog {
  return {
    async add(account, address, at) {
      await db.insert(signInFailures).values({ account, address, at: new Date(at) });
    },
    async since(account, since) {
      const rows = await db
        .select({ address: signInFailures.address, at: signInFailures.at })
        .from(signInFailures)
        .where(and(eq(signInFailures.account, account), gte(signInFailures.at, new Date(since))))
        .orderBy(asc(signInFailures.at));
      return rows.map((r) => ({ address: r.address, at: r.at.getTime() }));
    },
    async clear(account) {
      await db.delete(signInFailures).where(eq(signInFailures.account, account));
    },
  };
}

/** Drops failures older than the window (housekeeping). */
export async function deleteOldSignInFailures(db: Db, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.at, before));
}

import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

export const SUSPENDED_MESSAGE =
  'This account has been suspended by Toolshed, so it cannot sign in. Please contact support if you think this is a mistake.';

/** Whether the account with this email is suspended by an operator (sign-in is refused). */
export function suspendedAccounts(db: Db) {
  return async (email: string): Promise<boolean> => {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email.trim().toLowerCase()), isNotNull(users.suspendedAt), sql`${users.deletedAt} is null`));
    return rows.length > 0;
  };
}

/** Whether the user with this id is suspended: no session is created for them, whichever way they sign in. */
export function suspendedUsers(db: Db) {
  return async (userId: string): Promise<boolean> => {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)));
    return rows.length > 0;
  };
}

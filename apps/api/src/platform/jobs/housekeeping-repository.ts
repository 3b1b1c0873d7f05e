import { lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions, verifications } from '../../db/schema.ts';

/** Removes email-link verifications, then sessions, that expired before `at`. */
export async function deleteExpiredVerificationsAndSessions(db: Db, at: Date): Promise<void> {
  await db.delete(verifications).where(lt(verifications.expiresAt, at));
  await db.delete(sessions).where(lt(sessions.expiresAt, at));
}

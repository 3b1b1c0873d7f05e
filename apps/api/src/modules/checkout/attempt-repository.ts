import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import { checkoutAttempts } from '../../db/schema.ts';

export type AttemptRow = typeof checkoutAttempts.$inferSelect;

/**
 * Checkout attempts, one per idempotency key. An attempt is 'processing' while one request owns it
 * (its `claim` number), then 'succeeded' (with the payment) or 'failed' (the key may be used again).
 */
export function createAttemptRepository(db: Db) {
  return {
    /** Claims the key; returns the existing attempt when the key was used before. */
    async claim(renterId: string, key: string, requestHash: string, now: Date) {
      const inserted = await db
        .insert(checkoutAttempts)
        .values({ renterId, idempotencyKey: key, requestHash, status: 'processing', createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: checkoutAttempts.id, claim: checkoutAttempts.claim });
      if (inserted[0]) return { claimed: true as const, id: inserted[0].id, claim: inserted[0].claim };
      const [existing] = await db
        .select()
        .from(checkoutAttempts)
        .where(and(eq(checkoutAttempts.renterId, renterId), eq(checkoutAttempts.idempotencyKey, key)));
      return { claimed: false as const, existing: existing! };
    },

    /**
     * Takes over an attempt that failed, or that has been 'processing' since before `staleBefore`
     * (its request crashed). Returns the new claim and the hold the crashed request may have left,
     * or null when someone else holds it.
     */
    async reclaim(id: string, staleBefore: Date, now: Date): Promise<{ claim: number; leftoverAuthorization: string | null } | null> {
      const rows = await queryRows<{ claim: number; leftover: string | null }>(
        db,
        sql`update checkout_attempts a set status = 'processing', claim = a.claim + 1, authorization_id = null, updated_at = ${now.toISOString()}
            from (select id, authorization_id from checkout_attempts where id = ${id} for update) old
            where a.id = old.id
              and (a.status = 'failed' or (a.status = 'processing' and a.updated_at < ${staleBefore.toISOString()}))
            returning a.claim, old.authorization_id as leftover`,
      );
      const row = rows[0];
      return row ? { claim: row.claim, leftoverAuthorization: row.leftover } : null;
    },

    /** Remembers the hold this claim made, so it can be released if the request dies. */
    async recordAuthorization(id: string, claim: number, authorizationId: string, now: Date): Promise<void> {
      await db
        .update(checkoutAttempts)
        .set({ authorizationId, updatedAt: now })
        .where(and(eq(checkoutAttempts.id, id), eq(checkoutAttempts.claim, claim), eq(checkoutAttempts.status, 'processing')));
    },

    async fail(id: string, claim: number, now: Date): Promise<void> {
      await db
        .update(checkoutAttempts)
        .set({ status: 'failed', authorizationId: null, updatedAt: now })
        .where(and(eq(checkoutAttempts.id, id), eq(checkoutAttempts.claim, claim), eq(checkoutAttempts.status, 'processing')));
    },

    /** Marks a crashed attempt failed; returns the hold it left (to void), or undefined when it was not stale. */
    async sweep(id: string, staleBefore: Date, now: Date): Promise<{ leftoverAuthorization: string | null } | undefined> {
      const rows = await queryRows<{ leftover: string | null }>(
        db,
        sql`update checkout_attempts a set status = 'failed', authorization_id = null, updated_at = ${now.toISOString()}
            from (select id, authorization_id from checkout_attempts where id = ${id} for update) old
            where a.id = old.id and a.status = 'processing' and a.updated_at < ${staleBefore.toISOString()}
            returning old.authorization_id as leftover`,
      );
      return rows[0] ? { leftoverAuthorization: rows[0].leftover } : undefined;
    },

    async find(id: string): Promise<AttemptRow | undefined> {
      const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, id));
      return row;
    },
  };
}

export type AttemptRepository = ReturnType<typeof createAttemptRepository>;

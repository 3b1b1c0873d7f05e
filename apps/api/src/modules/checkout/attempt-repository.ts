import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import { checkoutAttempts } from '../../db/schema.ts';

export type AttemptRow = typeof checkoutAttempts.$inferSelect;

/*
 * The claims below stay SQL: each updates the attempt joined to itself locked in a subquery (`old`)
 * so that it returns the holds recorded before the update cleared them; the builder cannot return
 * another relation's columns from an update.
 */

/** Forgets an attempt's holds (they are being released, or the attempt is over). */
const CLEARED = sql.raw(`authorization_id = null, authorization_ids = '{}'`);
/**
 * The holds an attempt left: every one recorded in `authorization_ids`, and `authorization_id`, where
 * attempts made before migration 0032 recorded their single hold.
 */
const LEFTOVER = sql.raw(`array_remove(old.authorization_ids || old.authorization_id, null) as leftover`);

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
     * (its request crashed). Returns the new claim and the holds the crashed request may have left,
     * or null when someone else holds it.
     */
    async reclaim(id: string, staleBefore: Date, now: Date): Promise<{ claim: number; leftoverAuthorizations: string[] } | null> {
      const rows = await queryRows<{ claim: number; leftover: string[] }>(
        db,
        sql`update checkout_attempts a set status = 'processing', claim = a.claim + 1, ${CLEARED}, updated_at = ${now.toISOString()}
            from (select id, authorization_id, authorization_ids from checkout_attempts where id = ${id} for update) old
            where a.id = old.id
              and (a.status = 'failed' or (a.status = 'processing' and a.updated_at < ${staleBefore.toISOString()}))
            returning a.claim, ${LEFTOVER}`,
      );
      const row = rows[0];
      return row ? { claim: row.claim, leftoverAuthorizations: row.leftover } : null;
    },

    /**
     * Remembers a hold this claim made (the charge, a request line's, a deposit's) as soon as the
     * card processor gives it, so that all of them are released if the request dies.
     */
    async recordAuthorization(id: string, claim: number, authorizationId: string, now: Date): Promise<void> {
      await db
        .update(checkoutAttempts)
        .set({ authorizationIds: sql`array_append(${checkoutAttempts.authorizationIds}, ${authorizationId}::text)`, updatedAt: now })
        .where(and(eq(checkoutAttempts.id, id), eq(checkoutAttempts.claim, claim), eq(checkoutAttempts.status, 'processing')));
    },

    /** Marks this claim's attempt failed; returns the holds it had recorded, for the caller to make sure they are released. */
    async fail(id: string, claim: number, now: Date): Promise<string[]> {
      const rows = await queryRows<{ leftover: string[] }>(
        db,
        sql`update checkout_attempts a set status = 'failed', ${CLEARED}, updated_at = ${now.toISOString()}
            from (select id, authorization_id, authorization_ids from checkout_attempts where id = ${id} for update) old
            where a.id = old.id and a.claim = ${claim} and a.status = 'processing'
            returning ${LEFTOVER}`,
      );
      return rows[0]?.leftover ?? [];
    },

    /** Marks a crashed attempt failed; returns the holds it left (to void), or undefined when it was not stale. */
    async sweep(id: string, staleBefore: Date, now: Date): Promise<{ leftoverAuthorizations: string[] } | undefined> {
      const rows = await queryRows<{ leftover: string[] }>(
        db,
        sql`update checkout_attempts a set status = 'failed', ${CLEARED}, updated_at = ${now.toISOString()}
            from (select id, authorization_id, authorization_ids from checkout_attempts where id = ${id} for update) old
            where a.id = old.id and a.status = 'processing' and a.updated_at < ${staleBefore.toISOString()}
            returning ${LEFTOVER}`,
      );
      return rows[0] ? { leftoverAuthorizations: rows[0].leftover } : undefined;
    },

    async find(id: string): Promise<AttemptRow | undefined> {
      const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, id));
      return row;
    },
  };
}

export type AttemptRepository = ReturnType<typeof createAttemptRepository>;

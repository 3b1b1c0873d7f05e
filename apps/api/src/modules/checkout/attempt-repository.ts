import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { checkoutAttempts, type PendingCheckout } from '../../db/schema.ts';

export type AttemptRow = typeof checkoutAttempts.$inferSelect;
export type AttemptFailure = { code: string; message: string; field?: string };

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
 * Of the wanted lines, those whose dates another renter's checkout holds while its bank challenge
 * is open (SQL: the wanted lines and each attempt's pending lines meet by a date-range overlap).
 */
async function heldByChallengesOf(
  db: Db,
  lines: Array<{ itemId: string; startDate: string; endDate: string }>,
  exceptAttemptId: string | null,
  now: Date,
  exceptRenterId: string | null,
): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const rows = await queryRows<{ item_id: string }>(
    db,
    sql`select distinct w.item_id
        from jsonb_to_recordset(${JSON.stringify(lines.map((l) => ({ item_id: l.itemId, start_date: l.startDate, end_date: l.endDate })))}::jsonb)
          as w(item_id uuid, start_date date, end_date date)
        join items i on i.id = w.item_id
        join checkout_attempts a on a.status = 'awaiting_challenge' and a.challenge_expires_at > ${now.toISOString()}
         and (${exceptAttemptId}::uuid is null or a.id <> ${exceptAttemptId}::uuid)
         and (${exceptRenterId}::text is null or a.renter_id <> ${exceptRenterId}::text)
        cross join lateral jsonb_to_recordset(a.pending -> 'lines') as p("itemId" uuid, "startDate" date, "endDate" date)
        where p."itemId" = w.item_id
          and daterange(p."startDate", p."endDate" + i.buffer_days, '[]') && daterange(w.start_date, w.end_date + i.buffer_days, '[]')`,
  );
  return new Set(rows.map((r) => r.item_id));
}

/** Parks this claim's attempt while the cardholder answers the bank's challenge. False when the claim was lost. */
async function awaitChallengeOf(
  db: Db,
  id: string,
  claim: number,
  challenge: { authenticationId: string; pending: PendingCheckout; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(checkoutAttempts)
    .set({
      status: 'awaiting_challenge',
      authenticationId: challenge.authenticationId,
      pending: challenge.pending,
      challengeExpiresAt: challenge.expiresAt,
      updatedAt: now,
    })
    .where(and(eq(checkoutAttempts.id, id), eq(checkoutAttempts.claim, claim), eq(checkoutAttempts.status, 'processing')))
    .returning({ id: checkoutAttempts.id });
  return rows.length > 0;
}

/**
 * Takes over an attempt awaiting its challenge, to finish it (only one confirm wins: a second tab
 * finds it 'processing' and waits for the answer). Null when it is not awaiting, or its time is up.
 */
async function takeChallengeOf(db: Db, id: string, now: Date): Promise<{ claim: number } | null> {
  const rows = await db
    .update(checkoutAttempts)
    .set({ status: 'processing', claim: sql`${checkoutAttempts.claim} + 1`, updatedAt: now })
    .where(
      and(
        eq(checkoutAttempts.id, id),
        eq(checkoutAttempts.status, 'awaiting_challenge'),
        sql`${checkoutAttempts.challengeExpiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning({ claim: checkoutAttempts.claim });
  return rows[0] ?? null;
}

/** Claims the key; returns the existing attempt when the key was used before. */
async function claimAttempt(db: Db, renterId: string, key: string, requestHash: string, now: Date) {
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
}

/**
 * Takes over an attempt that failed, or that has been 'processing' since before `staleBefore`
 * (its request crashed). Returns the new claim and the holds the crashed request may have left,
 * or null when someone else holds it.
 */
async function reclaimAttempt(
  db: Db,
  id: string,
  staleBefore: Date,
  now: Date,
): Promise<{ claim: number; leftoverAuthorizations: string[] } | null> {
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
}

/** Gives up on a challenge never answered in time: failed, with why. Returns the holds to void, or undefined when it was not due. */
async function expireChallengeOf(
  db: Db,
  id: string,
  failure: AttemptFailure,
  now: Date,
): Promise<{ leftoverAuthorizations: string[] } | undefined> {
  const rows = await queryRows<{ leftover: string[] }>(
    db,
    sql`update checkout_attempts a set status = 'failed', ${CLEARED}, failure = ${JSON.stringify(failure)}::jsonb,
          updated_at = ${now.toISOString()}
        from (select id, authorization_id, authorization_ids from checkout_attempts where id = ${id} for update) old
        where a.id = old.id and a.status = 'awaiting_challenge' and a.challenge_expires_at <= ${now.toISOString()}
        returning ${LEFTOVER}`,
  );
  return rows[0] ? { leftoverAuthorizations: rows[0].leftover } : undefined;
}

/** Marks a crashed attempt failed; returns the holds it left (to void), or undefined when it was not stale. */
async function sweepAttempts(db: Db, id: string, staleBefore: Date, now: Date): Promise<{ leftoverAuthorizations: string[] } | undefined> {
  const rows = await queryRows<{ leftover: string[] }>(
    db,
    sql`update checkout_attempts a set status = 'failed', ${CLEARED}, updated_at = ${now.toISOString()}
        from (select id, authorization_id, authorization_ids from checkout_attempts where id = ${id} for update) old
        where a.id = old.id and a.status = 'processing' and a.updated_at < ${staleBefore.toISOString()}
        returning ${LEFTOVER}`,
  );
  return rows[0] ? { leftoverAuthorizations: rows[0].leftover } : undefined;
}

/** Marks this claim's attempt failed; returns the holds it had recorded, for the caller to make sure they are released. */
async function failAttempt(db: Db, id: string, claim: number, now: Date): Promise<string[]> {
  const rows = await queryRows<{ leftover: string[] }>(
    db,
    sql`update checkout_attempts a set status = 'failed', ${CLEARED}, updated_at = ${now.toISOString()}
        from (select id, authorization_id, authorization_ids from checkout_attempts where id = ${id} for update) old
        where a.id = old.id and a.claim = ${claim} and a.status = 'processing'
        returning ${LEFTOVER}`,
  );
  return rows[0]?.leftover ?? [];
}

/**
 * Checkout attempts, one per idempotency key. An attempt is 'processing' while one request owns it
 * (its `claim` number), then 'succeeded' (with the payment) or 'failed' (the key may be used again).
 * A card whose bank asks for a 3-D Secure challenge parks it 'awaiting_challenge' (no request owns
 * it) until a confirm takes it over, or the sweep gives up on it.
 */
export function createAttemptRepository(db: Db) {
  return {
    claim: withDb(db, claimAttempt),

    reclaim: withDb(db, reclaimAttempt),

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

    fail: withDb(db, failAttempt),

    awaitChallenge: (
      id: string,
      claim: number,
      challenge: { authenticationId: string; pending: PendingCheckout; expiresAt: Date },
      now: Date,
    ): Promise<boolean> => awaitChallengeOf(db, id, claim, challenge, now),

    takeChallenge: withDb(db, takeChallengeOf),

    expireChallenge: withDb(db, expireChallengeOf),

    /** Records why this claim's failed attempt failed (after `fail`), so a second confirm answers the same. */
    async recordFailure(id: string, claim: number, failure: AttemptFailure): Promise<void> {
      await db
        .update(checkoutAttempts)
        .set({ failure })
        .where(and(eq(checkoutAttempts.id, id), eq(checkoutAttempts.claim, claim), eq(checkoutAttempts.status, 'failed')));
    },

    /**
     * Of the wanted lines, those whose dates another checkout holds while its bank challenge is open
     * (SQL: the wanted lines and each attempt's pending lines meet by a date-range overlap), leaving
     * out the asking attempt, and with `exceptRenterId` every attempt of that renter (the wheelbarrow's).
     */
    heldByChallenges: (
      lines: Array<{ itemId: string; startDate: string; endDate: string }>,
      exceptAttemptId: string | null,
      now: Date,
      exceptRenterId: string | null = null,
    ): Promise<Set<string>> => heldByChallengesOf(db, lines, exceptAttemptId, now, exceptRenterId),

    sweep: withDb(db, sweepAttempts),

    async find(id: string): Promise<AttemptRow | undefined> {
      const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, id));
      return row;
    },
  };
}

export type AttemptRepository = ReturnType<typeof createAttemptRepository>;

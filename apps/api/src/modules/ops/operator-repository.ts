import { desc, eq, sql } from 'drizzle-orm';
import type { OperatorAction } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { operatorActions, operatorCodes, users } from '../../db/schema.ts';

export interface DeskCode {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  verifiedAt: Date | null;
}

export interface AuditRow {
  operatorId: string;
  action: OperatorAction;
  subjectKind: 'report' | 'item' | 'member' | 'claim';
  subjectId: string;
  reason: string;
  detail?: Record<string, unknown>;
}

/** Writes one row of the audit log, in the caller's transaction (the action and its record commit together). */
export async function recordAction(tx: Executor, row: AuditRow): Promise<string> {
  const [inserted] = await tx
    .insert(operatorActions)
    .values({ ...row, detail: row.detail ?? {} })
    .returning({ id: operatorActions.id });
  return inserted!.id;
}

/** The only SQL of the desk's second factor and of reading the audit log. */
export function createOperatorRepository(db: Db) {
  return {
    async code(sessionId: string): Promise<DeskCode | undefined> {
      const [row] = await db
        .select({
          codeHash: operatorCodes.codeHash,
          expiresAt: operatorCodes.expiresAt,
          attempts: operatorCodes.attempts,
          verifiedAt: operatorCodes.verifiedAt,
        })
        .from(operatorCodes)
        .where(eq(operatorCodes.sessionId, sessionId));
      return row;
    },

    /** A new code for the session, replacing any earlier one (and its tries). */
    async saveCode(sessionId: string, codeHash: string, expiresAt: Date): Promise<void> {
      await db
        .insert(operatorCodes)
        .values({ sessionId, codeHash, expiresAt })
        .onConflictDoUpdate({
          target: operatorCodes.sessionId,
          set: { codeHash, expiresAt, attempts: 0, verifiedAt: null, createdAt: sql`now()` },
        });
    },

    /** Counts a wrong try; the row is locked by the update, so tries at once each count. Returns the tries so far. */
    async countTry(sessionId: string): Promise<number> {
      const [row] = await db
        .update(operatorCodes)
        .set({ attempts: sql`least(${operatorCodes.attempts} + 1, 5)` })
        .where(eq(operatorCodes.sessionId, sessionId))
        .returning({ attempts: operatorCodes.attempts });
      return row?.attempts ?? 0;
    },

    async markVerified(sessionId: string, at: Date): Promise<void> {
      await db.update(operatorCodes).set({ verifiedAt: at }).where(eq(operatorCodes.sessionId, sessionId));
    },

    /** The audit log, newest first. */
    async auditLog(limit: number) {
      const rows = await db
        .select({
          id: operatorActions.id,
          operatorName: users.name,
          action: sql<OperatorAction>`${operatorActions.action}`,
          subjectKind: operatorActions.subjectKind,
          subjectId: operatorActions.subjectId,
          reason: operatorActions.reason,
          detail: sql<Record<string, unknown>>`${operatorActions.detail}`,
          createdAt: operatorActions.createdAt,
        })
        .from(operatorActions)
        .innerJoin(users, eq(users.id, operatorActions.operatorId))
        .orderBy(desc(operatorActions.createdAt), desc(operatorActions.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;

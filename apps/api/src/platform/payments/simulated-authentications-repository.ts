import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { simulatedAuthentications } from '../../db/schema.ts';
import type { AuthenticationStore, StoredAuthentication } from './simulated-stores.ts';

/**
 * The simulated processor's 3-D Secure authentications in PostgreSQL (migration 0085): shared by
 * every process and kept across restarts, as a real processor keeps them on its side.
 */
export function createDbAuthenticationStore(db: Db): AuthenticationStore {
  return {
    async save(id, a) {
      await db.insert(simulatedAuthentications).values({ id, kind: a.sca, state: a.state });
    },
    async get(id) {
      const [row] = await db
        .select({ kind: simulatedAuthentications.kind, state: simulatedAuthentications.state })
        .from(simulatedAuthentications)
        .where(eq(simulatedAuthentications.id, id));
      return row ? ({ sca: row.kind, state: row.state } as StoredAuthentication) : undefined;
    },
    async settle(id, state) {
      // Only a pending one moves: the first answer wins, in every process.
      await db
        .update(simulatedAuthentications)
        .set({ state })
        .where(and(eq(simulatedAuthentications.id, id), eq(simulatedAuthentications.state, 'pending')));
    },
  };
}

/** Housekeeping: a challenge is answered within 15 minutes and a passed authentication used at once, so a week-old one is never asked for. */
export async function deleteSimulatedAuthenticationsBefore(db: Db, cutoff: Date): Promise<void> {
  await db.delete(simulatedAuthentications).where(lt(simulatedAuthentications.createdAt, cutoff));
}

import { eq } from 'drizzle-orm';
import type { SupportRequestInput } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import { supportRequests } from '../../db/schema.ts';

/** The only SQL of support requests: stored first, marked once emailed. */
export function createSupportRepository(db: Db) {
  return {
    async store(request: SupportRequestInput, userId: string | null): Promise<string> {
      const [row] = await db
        .insert(supportRequests)
        .values({ ...request, userId })
        .returning({ id: supportRequests.id });
      return row!.id;
    },

    async markEmailed(id: string, at: Date): Promise<void> {
      await db.update(supportRequests).set({ emailedAt: at }).where(eq(supportRequests.id, id));
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;

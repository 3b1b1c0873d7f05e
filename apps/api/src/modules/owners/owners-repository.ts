import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

export interface OwnerRow {
  id: string;
  name: string;
  picture: string | null;
  rating: number | null;
  totalRatings: number;
  createdAt: Date;
}

/** What an owner's public page shows of the user; the only SQL of the owners module. */
export function createOwnersRepository(db: Db) {
  return {
    async find(id: string): Promise<OwnerRow | undefined> {
      const [row] = await db
        .select({ id: users.id, name: users.name, picture: users.picture, rating: users.rating, totalRatings: users.totalRatings, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },
  };
}

export type OwnersRepository = ReturnType<typeof createOwnersRepository>;

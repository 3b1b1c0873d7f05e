import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { items, memberBlocks, rentals, users } from '../../db/schema.ts';

export interface BlockedRow {
  id: string;
  name: string;
  picture: string | null;
  blockedAt: Date;
}

/** True when either of the two blocked the other. */
async function blocksBetween(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, a), eq(memberBlocks.blockedId, b)),
        and(eq(memberBlocks.blockerId, b), eq(memberBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The members `blockerId` blocked, last blocked first (never who blocked them). */
async function blocksPage(db: Db, blockerId: string, limit: number, offset: number): Promise<BlockedRow[]> {
  return db
    .select({ id: users.id, name: users.name, picture: users.picture, blockedAt: memberBlocks.createdAt })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, blockerId))
    .orderBy(desc(memberBlocks.createdAt), users.id)
    .limit(limit)
    .offset(offset);
}

/** Whether `blockerId` blocked `blockedId` (that way round only); undefined when no such member. */
async function hasBlockedMember(db: Db, blockerId: string, blockedId: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ blocked: sql<boolean>`${memberBlocks.blockerId} is not null` })
    .from(users)
    .leftJoin(memberBlocks, and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, users.id)))
    .where(and(eq(users.id, blockedId), isNull(users.deletedAt)));
  return row?.blocked;
}

/** The only SQL of blocks. A block holds both ways: `between` and `hiddenOwnersFor` read both directions. */
export function createBlocksRepository(db: Db) {
  return {
    /** The member, unless they do not exist or deleted their account. */
    async member(memberId: string): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, memberId), isNull(users.deletedAt)));
      return row;
    },

    /** Blocks (again: no change) and answers when the block began. */
    async block(blockerId: string, blockedId: string): Promise<Date> {
      await db.insert(memberBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
      const [row] = await db
        .select({ createdAt: memberBlocks.createdAt })
        .from(memberBlocks)
        .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)));
      return row!.createdAt;
    },

    async unblock(blockerId: string, blockedId: string): Promise<boolean> {
      const removed = await db
        .delete(memberBlocks)
        .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)))
        .returning({ blockedId: memberBlocks.blockedId });
      return removed.length > 0;
    },

    list: withDb(db, blocksPage),

    async count(blockerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(memberBlocks).where(eq(memberBlocks.blockerId, blockerId));
      return row?.n ?? 0;
    },

    hasBlocked: withDb(db, hasBlockedMember),

    between: withDb(db, blocksBetween),

    /** Everyone `userId` blocked or was blocked by: whose listings they must not see or book. */
    async hiddenOwnersFor(userId: string): Promise<string[]> {
      const rows = await db
        .select({ blockerId: memberBlocks.blockerId, blockedId: memberBlocks.blockedId })
        .from(memberBlocks)
        .where(or(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, userId)));
      return [...new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)))].sort();
    },

    /** Who a rental is between, when it exists. */
    async rentalParties(rentalId: string): Promise<{ ownerId: string; renterId: string } | undefined> {
      const [row] = await db.select({ ownerId: rentals.ownerId, renterId: rentals.renterId }).from(rentals).where(eq(rentals.id, rentalId));
      return row;
    },

    /** Each of these items' owner (those that exist). */
    async ownerOfEach(itemIds: string[]): Promise<Map<string, string>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db.select({ id: items.id, ownerId: items.ownerId }).from(items).where(inArray(items.id, itemIds));
      return new Map(rows.map((r) => [r.id, r.ownerId]));
    },

    /** The owners of these items (those that exist), to check a booking against blocks. */
    async ownersOf(itemIds: string[]): Promise<string[]> {
      if (itemIds.length === 0) return [];
      const rows = await db.selectDistinct({ ownerId: items.ownerId }).from(items).where(inArray(items.id, itemIds));
      return rows.map((r) => r.ownerId);
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;

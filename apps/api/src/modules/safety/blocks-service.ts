import {
  AppError,
  BLOCK_YOURSELF_MESSAGE,
  BLOCKED_ACCEPT_REFUSAL,
  BLOCKED_BOOKING_REFUSAL,
  BLOCKED_MESSAGE_REFUSAL,
  NOT_BLOCKED_MESSAGE,
} from '@toolshed/core';
import { pageOffset, type BlockedMembers, type BlockState, type PageRequest } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { BlocksRepository } from './blocks-repository.ts';

/**
 * Blocks between members. A block is one member's, listed only to them; its effects hold both ways
 * (no messages, no bookings, no listings seen) and every refusal is worded so that it never says who
 * blocked whom. The blocked member is never told.
 */
export function createBlocksService(repo: BlocksRepository, onChange: () => void = () => {}) {
  return {
    async block(userId: string, memberId: string): Promise<BlockState> {
      if (memberId === userId) throw new AppError('VALIDATION', BLOCK_YOURSELF_MESSAGE, 'memberId');
      if (!(await repo.member(memberId))) throw new AppError('NOT_FOUND', 'Member not found');
      const blockedAt = await repo.block(userId, memberId);
      onChange();
      return { memberId, blocked: true, blockedAt: blockedAt.toISOString() };
    },

    async unblock(userId: string, memberId: string): Promise<void> {
      if (!(await repo.unblock(userId, memberId))) throw new AppError('NOT_FOUND', NOT_BLOCKED_MESSAGE);
      onChange();
    },

    async list(userId: string, page: PageRequest): Promise<BlockedMembers> {
      const [rows, total] = await Promise.all([repo.list(userId, page.pageSize, pageOffset(page)), repo.count(userId)]);
      return {
        members: rows.map((r) => ({ id: r.id, name: r.name, picture: r.picture, blockedAt: r.blockedAt.toISOString() })),
        total,
        ...page,
      };
    },

    /** Whether `userId` blocked `memberId` (one way only: never whether they were blocked); 404 for no such member. */
    async hasBlocked(userId: string, memberId: string): Promise<boolean> {
      const blocked = await repo.hasBlocked(userId, memberId);
      if (blocked === undefined) throw new AppError('NOT_FOUND', 'Member not found');
      return blocked;
    },

    hiddenOwnersFor: (userId: string): Promise<string[]> => repo.hiddenOwnersFor(userId),

    /** Of these items, those `renterId` cannot book because they and its owner blocked one another, with why. */
    async unbookable(renterId: string, itemIds: string[]): Promise<Map<string, string>> {
      const hidden = new Set(await repo.hiddenOwnersFor(renterId));
      if (hidden.size === 0) return new Map();
      const owners = await repo.ownerOfEach(itemIds.filter(isRowId));
      return new Map([...owners].filter(([, ownerId]) => hidden.has(ownerId)).map(([itemId]) => [itemId, BLOCKED_BOOKING_REFUSAL]));
    },

    /** Throws (403, nothing changed) when either of the two blocked the other. */
    async assertCanMessage(senderId: string, recipientId: string): Promise<void> {
      if (await repo.between(senderId, recipientId)) throw new AppError('FORBIDDEN', BLOCKED_MESSAGE_REFUSAL, 'content');
    },

    /** Throws (403, nothing changed) when the owner answering a request to book and its renter blocked one another. */
    async assertCanAccept(rentalId: string, ownerId: string): Promise<void> {
      const parties = isRowId(rentalId) ? await repo.rentalParties(rentalId) : undefined;
      if (parties && parties.ownerId === ownerId && (await repo.between(ownerId, parties.renterId)))
        throw new AppError('FORBIDDEN', BLOCKED_ACCEPT_REFUSAL);
    },

    /** Throws (403, nothing changed) when the renter and an owner of these items blocked one another. */
    async assertCanBook(renterId: string, itemIds: string[]): Promise<void> {
      const owners = await repo.ownersOf(itemIds.filter(isRowId));
      for (const ownerId of owners)
        if (ownerId !== renterId && (await repo.between(renterId, ownerId)))
          throw new AppError('FORBIDDEN', BLOCKED_BOOKING_REFUSAL, 'lines');
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;

import type { FastifyRequest } from 'fastify';
import type { SavedLineInput, SavedWheelbarrow, WheelbarrowCheckResponse } from '@toolshed/core/contract';
import { withRefusedLines } from '../items/renter-requirements.ts';
import type { TtlCache } from '../../platform/cache/ttl-cache.ts';
import type { CurrentUserReader } from '../auth/current-user.ts';
import type { BlocksService } from './blocks-service.ts';

/** The checkout, refusing first (before any card is touched) a line whose owner and the renter blocked one another. */
export function checkoutRefusingBlocked<
  S extends { checkout(renterId: string, input: { lines: Array<{ itemId: string }> }): Promise<unknown> },
>(service: S, blocks: BlocksService): S {
  return {
    ...service,
    async checkout(renterId: string, input: { lines: Array<{ itemId: string }> }) {
      await blocks.assertCanBook(
        renterId,
        input.lines.map((l) => l.itemId),
      );
      return service.checkout(renterId, input);
    },
  } as S;
}

/** Requests to book, refusing the owner's accept when they and the renter blocked one another (declining stays open). */
export function requestsRefusingBlocked<S extends { accept(rentalId: string, userId: string): Promise<void> }>(
  service: S,
  blocks: BlocksService,
): S {
  return {
    ...service,
    async accept(rentalId: string, userId: string) {
      await blocks.assertCanAccept(rentalId, userId);
      return service.accept(rentalId, userId);
    },
  };
}

/** The saved wheelbarrow, refusing a newly added line whose owner and the renter blocked one another. */
export function wheelbarrowRefusingBlocked<
  S extends { get(userId: string): Promise<SavedWheelbarrow>; save(userId: string, lines: SavedLineInput[]): Promise<SavedWheelbarrow> },
>(service: S, blocks: BlocksService): S {
  return {
    ...service,
    async save(userId: string, lines: SavedLineInput[]) {
      const saved = new Set((await service.get(userId)).lines.map((l) => l.itemId));
      await blocks.assertCanBook(
        userId,
        lines.filter((l) => !saved.has(l.itemId)).map((l) => l.itemId),
      );
      return service.save(userId, lines);
    },
  };
}

/**
 * The wheelbarrow check, flagging for a signed-in renter each line whose owner and they blocked one
 * another, so the wheelbarrow and checkout say so before anything is paid.
 */
export function wheelbarrowCheckRefusingBlocked<L extends { itemId: string }>(
  check: (lines: L[], userId: string | null) => Promise<WheelbarrowCheckResponse>,
  blocks: BlocksService,
): (lines: L[], userId: string | null) => Promise<WheelbarrowCheckResponse> {
  return async (lines, userId) => {
    const answer = await check(lines, userId);
    if (!userId) return answer;
    const ok = answer.lines.filter((l) => l.state === 'ok').map((l) => l.itemId);
    return withRefusedLines(answer, await blocks.unbookable(userId, ok));
  };
}

/**
 * Whose listings the asker of a public browse must not see: nobody's for visitors (the session is
 * looked up only when there is a cookie, so visitors' browsing stays cheap). A signed-in member's
 * answer is kept in `cache` by their cookie (the session lookup costs more than the browse it
 * narrows: docs/SECURITY.md); every block and unblock clears it.
 */
export function hiddenOwnersOfRequest(currentUser: CurrentUserReader, blocks: BlocksService, cache: TtlCache<string[]>) {
  return async (request: FastifyRequest): Promise<string[]> => {
    const { cookie } = request.headers;
    if (!cookie) return [];
    return cache.getOrCompute(cookie, async () => {
      const viewer = await currentUser.optionalUser(request);
      return viewer ? blocks.hiddenOwnersFor(viewer.id) : [];
    });
  };
}

export type HiddenOwnersOfRequest = ReturnType<typeof hiddenOwnersOfRequest>;

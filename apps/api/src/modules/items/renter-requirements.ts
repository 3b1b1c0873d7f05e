import { AppError, priceBasket, unmetRequirements, type RenterStanding } from '@toolshed/core';
import type { SavedLineInput, SavedWheelbarrow, WheelbarrowCheckResponse } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { ItemRequirementsRow, RenterRequirementsRepository } from './renter-requirements-repository.ts';

/**
 * Owners' requirements of renters, enforced on the server: a line added to the saved wheelbarrow and
 * every line at checkout are refused, with the reason, when the renter does not meet them yet.
 */
export function createRenterRequirements(repo: RenterRequirementsRepository) {
  /** Of these items, those whose owner asks what `userId` does not have yet, with the reasons. */
  async function unmet(userId: string, itemIds: string[]): Promise<Array<{ item: ItemRequirementsRow; reasons: string[] }>> {
    const asking = await repo.requirementsOf(itemIds.filter(isRowId));
    if (asking.length === 0) return [];
    const standing = await repo.standing(userId);
    return asking.map((item) => ({ item, reasons: unmetRequirements(item, standing) })).filter((r) => r.reasons.length > 0);
  }

  return {
    standing: (userId: string): Promise<RenterStanding> => repo.standing(userId),

    unmet,

    /** Throws (403, nothing changed) when `userId` does not meet what these items' owners ask. */
    async assertMet(userId: string, itemIds: string[]): Promise<void> {
      const refused = await unmet(userId, itemIds);
      if (refused.length === 0) return;
      const message =
        itemIds.length === 1 ? refused[0]!.reasons.join(' ') : refused.map((r) => `${r.item.name}: ${r.reasons.join(' ')}`).join(' ');
      throw new AppError('FORBIDDEN', message, 'lines');
    },
  };
}

export type RenterRequirementsCheck = ReturnType<typeof createRenterRequirements>;

/** The checkout, refusing first any line whose owner asks what the renter does not have yet. */
export function checkoutRequiringStanding<
  S extends { checkout(renterId: string, input: { lines: Array<{ itemId: string }> }): Promise<unknown> },
>(service: S, requirements: RenterRequirementsCheck): S {
  return {
    ...service,
    async checkout(renterId: string, input: { lines: Array<{ itemId: string }> }) {
      await requirements.assertMet(
        renterId,
        input.lines.map((l) => l.itemId),
      );
      return service.checkout(renterId, input);
    },
  } as S;
}

/** The saved wheelbarrow, refusing a newly added line whose owner asks what the renter does not have yet (lines already saved stay). */
export function wheelbarrowRequiringStanding<
  S extends { get(userId: string): Promise<SavedWheelbarrow>; save(userId: string, lines: SavedLineInput[]): Promise<SavedWheelbarrow> },
>(service: S, requirements: RenterRequirementsCheck): S {
  return {
    ...service,
    async save(userId: string, lines: SavedLineInput[]) {
      const saved = new Set((await service.get(userId)).lines.map((l) => l.itemId));
      await requirements.assertMet(
        userId,
        lines.filter((l) => !saved.has(l.itemId)).map((l) => l.itemId),
      );
      return service.save(userId, lines);
    },
  };
}

/**
 * The wheelbarrow check, flagging for a signed-in renter each line whose owner asks what they do not
 * have yet (with the reason), so the wheelbarrow and checkout say why before anything is paid; the
 * totals are those of the lines still bookable, priced as the check prices them.
 */
export function wheelbarrowCheckRequiringStanding<L extends { itemId: string }>(
  check: (lines: L[], userId: string | null) => Promise<WheelbarrowCheckResponse>,
  requirements: RenterRequirementsCheck,
): (lines: L[], userId: string | null) => Promise<WheelbarrowCheckResponse> {
  return async (lines, userId) => {
    const answer = await check(lines, userId);
    if (!userId) return answer;
    const refused = new Map(
      (
        await requirements.unmet(
          userId,
          answer.lines.filter((l) => l.state === 'ok').map((l) => l.itemId),
        )
      ).map((r) => [r.item.id, r.reasons.join(' ')]),
    );
    return withRefusedLines(answer, refused);
  };
}

/** The check's answer with these lines (item id -> why) refused, and the totals of the lines still bookable. */
export function withRefusedLines(answer: WheelbarrowCheckResponse, refused: ReadonlyMap<string, string>): WheelbarrowCheckResponse {
  if (refused.size === 0) return answer;
  const states = answer.lines.map((l) =>
    l.state === 'ok' && refused.has(l.itemId) ? { ...l, state: 'invalid' as const, message: refused.get(l.itemId)! } : l,
  );
  const price = priceBasket(
    states
      .filter((s) => s.state === 'ok')
      .map((s) => ({ dailyRatePence: s.item!.dailyRatePence, weeklyRatePence: s.item!.weeklyRatePence, days: s.days })),
  );
  return {
    ...answer,
    lines: states,
    subtotalPence: price.subtotalPence,
    serviceFeePence: price.serviceFeePence,
    totalPence: price.totalPence,
  };
}

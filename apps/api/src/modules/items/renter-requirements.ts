import { AppError, unmetRequirements, type RenterStanding } from '@toolshed/core';
import type { SavedLineInput, SavedWheelbarrow } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { RenterRequirementsRepository } from './renter-requirements-repository.ts';

/**
 * Owners' requirements of renters, enforced on the server: a line added to the saved wheelbarrow and
 * every line at checkout are refused, with the reason, when the renter does not meet them yet.
 */
export function createRenterRequirements(repo: RenterRequirementsRepository) {
  return {
    standing: (userId: string): Promise<RenterStanding> => repo.standing(userId),

    /** Throws (403, nothing changed) when `userId` does not meet what these items' owners ask. */
    async assertMet(userId: string, itemIds: string[]): Promise<void> {
      const asking = await repo.requirementsOf(itemIds.filter(isRowId));
      if (asking.length === 0) return;
      const standing = await repo.standing(userId);
      const refused = asking.map((item) => ({ item, reasons: unmetRequirements(item, standing) })).filter((r) => r.reasons.length > 0);
      if (refused.length === 0) return;
      const message =
        itemIds.length === 1 ? refused[0]!.reasons.join(' ') : refused.map((r) => `${r.item.name}: ${r.reasons.join(' ')}`).join(' ');
      throw new AppError('FORBIDDEN', message, 'lines');
    },
  };
}

export type RenterRequirementsCheck = ReturnType<typeof createRenterRequirements>;

/** The checkout, refusing first any line whose owner asks what the renter does not have yet. */
export function checkoutRequiringStanding<S extends { checkout(renterId: string, input: { lines: Array<{ itemId: string }> }): Promise<unknown> }>(
  service: S,
  requirements: RenterRequirementsCheck,
): S {
  return {
    ...service,
    async checkout(renterId: string, input: { lines: Array<{ itemId: string }> }) {
      await requirements.assertMet(renterId, input.lines.map((l) => l.itemId));
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
      await requirements.assertMet(userId, lines.filter((l) => !saved.has(l.itemId)).map((l) => l.itemId));
      return service.save(userId, lines);
    },
  };
}

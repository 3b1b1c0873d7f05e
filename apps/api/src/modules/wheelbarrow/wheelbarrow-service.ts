import { AppError, compareDates, daysInclusive } from '@toolshed/core';
import type { SavedLineInput, SavedWheelbarrow } from '@toolshed/core/contract';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { WheelbarrowRepository } from './wheelbarrow-repository.ts';

/**
 * A signed-in user's wheelbarrow on the server. It stores items and dates only: whether a line can
 * still be booked, and at what price, is the wheelbarrow check's and checkout's business.
 */
export function createWheelbarrowService(repo: WheelbarrowRepository, storage: FileStorage) {
  async function get(userId: string): Promise<SavedWheelbarrow> {
    const rows = await repo.lines(userId);
    return {
      lines: rows.map((r) => ({
        itemId: r.itemId,
        startDate: r.startDate,
        endDate: r.endDate,
        days: daysInclusive(r.startDate, r.endDate),
        name: r.name,
        dailyRatePence: r.dailyRatePence,
        imageUrl: r.thumbKey ? storage.url(r.thumbKey) : null,
      })),
    };
  }

  async function save(userId: string, lines: SavedLineInput[]): Promise<SavedWheelbarrow> {
    const ids = lines.map((l) => l.itemId);
    if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'Each item can be in the wheelbarrow only once.', 'lines');
    if (lines.some((l) => compareDates(l.endDate, l.startDate) < 0))
      throw new AppError('VALIDATION', 'An end date cannot be before its start date.', 'lines');
    const existing = await repo.existingItems(ids);
    // An item that never existed is dropped rather than failing the whole save of a device's wheelbarrow.
    await repo.replace(
      userId,
      lines.filter((l) => existing.has(l.itemId)),
    );
    return get(userId);
  }

  return { get, save };
}

export type WheelbarrowService = ReturnType<typeof createWheelbarrowService>;

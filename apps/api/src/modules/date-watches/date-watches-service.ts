import {
  AppError,
  compareDates,
  DATE_WATCH_FREE_MESSAGE,
  DATE_WATCH_LIMIT_MESSAGE,
  DATE_WATCH_NOT_FOUND_MESSAGE,
  DATE_WATCH_OWN_ITEM_MESSAGE,
  DATE_WATCH_PAST_MESSAGE,
  DATE_WATCH_UNLISTED_MESSAGE,
  itemDatesPath,
  MAX_DATE_WATCHES,
  todayInLondon,
} from '@toolshed/core';
import type { CreateDateWatch, DateWatch, DateWatchList } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { WheelbarrowCheck } from '../checkout/wheelbarrow-check.ts';
import type { DateWatchesRepository, WatchRow } from './date-watches-repository.ts';

export const toDateWatch = (row: WatchRow): DateWatch => ({
  id: row.id,
  itemId: row.itemId,
  itemName: row.itemName,
  startDate: row.startDate,
  endDate: row.endDate,
  createdAt: row.createdAt.toISOString(),
  notifiedAt: row.notifiedAt?.toISOString() ?? null,
  link: itemDatesPath(row.itemId, row.startDate, row.endDate),
});

/**
 * A member's date watches: only on dates that are taken now (as the wheelbarrow check judges them, the
 * rules of checkout), never on their own item, at most MAX_DATE_WATCHES waiting, one per item and dates.
 */
export function createDateWatchesService(deps: { repo: DateWatchesRepository; check: WheelbarrowCheck; now: () => Date }) {
  const { repo, check, now } = deps;

  async function create(userId: string, input: CreateDateWatch): Promise<{ watch: DateWatch; created: boolean }> {
    const { itemId, startDate, endDate } = input;
    const item = isRowId(itemId) ? await repo.item(itemId) : undefined;
    if (!item) throw new AppError('NOT_FOUND', 'Item not found');
    if (item.ownerId === userId) throw new AppError('VALIDATION', DATE_WATCH_OWN_ITEM_MESSAGE);
    if (!item.listed) throw new AppError('CONFLICT', DATE_WATCH_UNLISTED_MESSAGE);
    if (compareDates(endDate, startDate) < 0) throw new AppError('VALIDATION', 'The end date cannot be before the start date.', 'endDate');
    const at = now();
    const today = todayInLondon(at);
    if (compareDates(startDate, today) < 0) throw new AppError('VALIDATION', DATE_WATCH_PAST_MESSAGE, 'startDate');
    const [line] = (await check([{ itemId, startDate, endDate }], userId)).lines;
    if (!line || line.state === 'missing') throw new AppError('NOT_FOUND', 'Item not found');
    if (line.state === 'ok') throw new AppError('CONFLICT', DATE_WATCH_FREE_MESSAGE);
    // Dates checkout refuses for a reason of their own (too short, the owner away): waiting would never end.
    if (line.state === 'invalid') throw new AppError('VALIDATION', line.message ?? 'These dates cannot be booked.');
    if (line.bookedByYou) throw new AppError('CONFLICT', line.message ?? 'You have booked these dates.');
    const made = await repo.create({ userId, itemId, startDate, endDate }, today, MAX_DATE_WATCHES, at);
    if (made === 'full') throw new AppError('CONFLICT', DATE_WATCH_LIMIT_MESSAGE);
    const row = await repo.one(userId, made.id);
    return { watch: toDateWatch(row!), created: made.created };
  }

  async function list(userId: string): Promise<DateWatchList> {
    return { watches: (await repo.list(userId, todayInLondon(now()))).map(toDateWatch) };
  }

  async function stop(userId: string, id: string): Promise<void> {
    const stopped = isRowId(id) && (await repo.cancel(userId, id, now()));
    if (!stopped) throw new AppError('NOT_FOUND', DATE_WATCH_NOT_FOUND_MESSAGE);
  }

  return { create, list, stop };
}

export type DateWatchesService = ReturnType<typeof createDateWatchesService>;

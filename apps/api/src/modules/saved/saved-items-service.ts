import {
  AppError,
  compareDates,
  distanceMetres,
  MAX_SAVED_ITEMS,
  NOT_SAVED_MESSAGE,
  roundedMiles,
  SAVE_OWN_ITEM_MESSAGE,
  SAVE_UNLISTED_MESSAGE,
  SAVED_LIMIT_MESSAGE,
  type GeoPoint,
} from '@toolshed/core';
import { pageOffset, type PageRequest, type SavedItem, type SavedItemsPage, type SavedItemState } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { WheelbarrowCheck } from '../checkout/wheelbarrow-check.ts';
import type { SavedItemsRepository, SavedRow } from './saved-items-repository.ts';

export interface SavedItemsQuery extends PageRequest {
  startDate?: string | undefined;
  endDate?: string | undefined;
  near?: string | undefined;
}

/**
 * A member's saved items. Whether a saved item is free on the dates asked is the wheelbarrow check's
 * answer (the rules of checkout), so the Saved page never calls bookable what checkout would refuse.
 */
export function createSavedItemsService(deps: {
  repo: SavedItemsRepository;
  check: WheelbarrowCheck;
  storage: FileStorage;
  /** Where the location box's text is (a postcode, a town, a point); refuses what it cannot read. */
  origin: (near: string) => Promise<GeoPoint>;
}) {
  const { repo, check, storage, origin } = deps;

  async function save(userId: string, itemId: string): Promise<SavedItemState> {
    const item = isRowId(itemId) ? await repo.item(itemId) : undefined;
    if (!item) throw new AppError('NOT_FOUND', 'Item not found');
    if (item.ownerId === userId) throw new AppError('VALIDATION', SAVE_OWN_ITEM_MESSAGE);
    const before = await repo.savedAt(userId, itemId);
    if (before) return { itemId, saved: true, savedAt: before.toISOString() };
    if (!item.listed) throw new AppError('CONFLICT', SAVE_UNLISTED_MESSAGE);
    const savedAt = await repo.save(userId, itemId, MAX_SAVED_ITEMS);
    if (savedAt === 'full') throw new AppError('CONFLICT', SAVED_LIMIT_MESSAGE);
    return { itemId, saved: true, savedAt: savedAt.toISOString() };
  }

  async function remove(userId: string, itemId: string): Promise<void> {
    const removed = isRowId(itemId) && (await repo.remove(userId, itemId));
    if (!removed) throw new AppError('NOT_FOUND', NOT_SAVED_MESSAGE);
  }

  async function list(userId: string, query: SavedItemsQuery): Promise<SavedItemsPage> {
    const { startDate, endDate } = query;
    if ((startDate === undefined) !== (endDate === undefined))
      throw new AppError('VALIDATION', 'Choose both a start date and an end date.', startDate === undefined ? 'startDate' : 'endDate');
    if (startDate !== undefined && endDate !== undefined && compareDates(endDate, startDate) < 0)
      throw new AppError('VALIDATION', 'The end date cannot be before the start date.', 'endDate');
    const from = query.near !== undefined && query.near.trim() !== '' ? await origin(query.near) : undefined;
    const page = { page: query.page, pageSize: query.pageSize };
    const { rows, total } = await repo.page(userId, pageOffset(page), page.pageSize);
    const listed = rows.filter((r) => r.listed);
    const dates = startDate !== undefined && endDate !== undefined ? { startDate, endDate } : undefined;
    const checked =
      dates && listed.length > 0
        ? new Map(
            (
              await check(
                listed.map((r) => ({ itemId: r.itemId, ...dates })),
                userId,
              )
            ).lines.map((l) => [l.itemId, l]),
          )
        : undefined;
    const items = rows.map((row): SavedItem => {
      if (!row.listed)
        return {
          itemId: row.itemId,
          name: row.name,
          savedAt: row.savedAt.toISOString(),
          listed: false,
          categoryId: null,
          dailyRatePence: null,
          imageUrl: null,
          city: null,
          availability: null,
        };
      const line = checked?.get(row.itemId);
      return {
        itemId: row.itemId,
        name: row.name,
        savedAt: row.savedAt.toISOString(),
        listed: true,
        categoryId: row.categoryId,
        dailyRatePence: row.dailyRatePence,
        imageUrl: row.thumbKey ? storage.url(row.thumbKey) : null,
        city: row.city,
        ...(from ? { distanceMiles: distance(from, row) } : {}),
        availability: line ? { free: line.state === 'ok', message: line.state === 'ok' ? null : line.message } : null,
      };
    });
    return { items, ...page, total };
  }

  return { save, remove, list, ids: (userId: string) => repo.ids(userId).then((itemIds) => ({ itemIds })) };
}

function distance(from: GeoPoint, row: SavedRow): number | null {
  const { publicLatitude: latitude, publicLongitude: longitude } = row;
  return latitude === null || longitude === null ? null : roundedMiles(distanceMetres(from, { latitude, longitude }));
}

export type SavedItemsService = ReturnType<typeof createSavedItemsService>;

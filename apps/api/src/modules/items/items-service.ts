import { AppError, formatPostcode, rentalState as lifecycleState, todayInLondon, type IsoDate } from '@toolshed/core';
import {
  MAX_ITEM_IMAGES,
  pageOffset,
  type ItemInput,
  type OwnerItem,
  type OwnerItemsPage,
  type PageRequest,
} from '@toolshed/core/contract';
import type { Geocoder } from '../../platform/geocoding/geocoder.ts';
import { sniffImage } from '../../platform/images/sniff-image.ts';
import { storeItemImage } from '../../platform/images/store-image.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { ItemsRepository, Listed, OpenPeriod, OwnedItem } from './items-repository.ts';
import { isRowId } from '../../db/ids.ts';

/** The route has checked the postcode; it is saved in its canonical form ('ox2 6ae' -> 'OX2 6AE'), as addresses are. */
const tidied = (input: ItemInput): ItemInput => ({ ...input, postcode: formatPostcode(input.postcode) });

/** `onChange` runs after every change that browsing shows (listings, photos). */
export function createItemsService(
  repo: ItemsRepository,
  geocoder: Geocoder,
  storage: FileStorage,
  now: () => Date,
  onChange: () => void = () => {},
  /** Runs in the transaction that lists an item (new, or offered again): saved searches' matching. */
  listed?: Listed,
) {
  async function owned(itemId: string, ownerId: string) {
    const item = isRowId(itemId) ? await repo.findOwned(itemId, ownerId) : undefined;
    if (!item) throw new AppError('NOT_FOUND', 'Item not found');
    return item;
  }
  const photoDeps = { repo, storage, onChange, owned };

  return {
    owned,

    /** Input is validated by the route with the shared item schema. Geocoding comes first: if it fails, nothing is saved. */
    async create(ownerId: string, typed: ItemInput): Promise<string> {
      const input = tidied(typed);
      const point = await geocoder.geocode(input);
      const id = await repo.create(ownerId, input, point, listed);
      onChange();
      return id;
    },

    async update(itemId: string, ownerId: string, typed: ItemInput): Promise<void> {
      const input = tidied(typed);
      const item = await owned(itemId, ownerId);
      const moved = input.address !== item.address || input.city !== item.city || input.postcode !== item.postcode;
      const point =
        moved || item.latitude === null || item.longitude === null
          ? await geocoder.geocode(input)
          : { latitude: item.latitude, longitude: item.longitude, approximate: item.locationApproximate };
      await repo.update(itemId, input, point, listed);
      onChange();
    },

    async remove(itemId: string, ownerId: string): Promise<void> {
      await owned(itemId, ownerId);
      if (await repo.hasOpenRentals(itemId)) {
        throw new AppError(
          'CONFLICT',
          'This item has upcoming or active rentals, so it cannot be deleted yet. It can be deleted once they are returned or cancelled.',
        );
      }
      await repo.softDelete(itemId);
      onChange();
    },

    addImage: (itemId: string, ownerId: string, data: Buffer) => addImage(photoDeps, itemId, ownerId, data),

    async removeImage(itemId: string, ownerId: string, imageId: string): Promise<void> {
      await owned(itemId, ownerId);
      const removed = isRowId(imageId) ? await repo.removeImage(itemId, imageId) : undefined;
      if (!removed) throw new AppError('NOT_FOUND', 'Photo not found');
      onChange();
      await Promise.all([storage.remove(removed.largeKey), storage.remove(removed.thumbKey)]);
    },

    async reorderImages(itemId: string, ownerId: string, imageIds: string[]): Promise<void> {
      await owned(itemId, ownerId);
      const current = (await repo.images(itemId)).map((i) => i.id);
      if (imageIds.length !== current.length || [...imageIds].sort().join() !== [...current].sort().join()) {
        throw new AppError('VALIDATION', 'The new order must list every photo of the item once.', 'imageIds');
      }
      await repo.reorderImages(itemId, imageIds);
      onChange();
    },

    /** The owner's listings with their rental state from the periods not yet returned. */
    myItems: (ownerId: string, page: PageRequest) => myItems(repo, storage, now(), ownerId, page),
  };
}

export type ItemsService = ReturnType<typeof createItemsService>;

/** What adding a photo needs: the listing's owner checked, the photo stored and counted, browsing told. */
interface PhotoDeps {
  repo: ItemsRepository;
  storage: FileStorage;
  onChange: () => void;
  owned: (itemId: string, ownerId: string) => Promise<unknown>;
}

/** A photo added to the owner's listing: a JPEG, PNG or WebP, stored, and never more than the limit. */
async function addImage({ repo, storage, onChange, owned }: PhotoDeps, itemId: string, ownerId: string, data: Buffer): Promise<void> {
  await owned(itemId, ownerId);
  if (!sniffImage(data)) throw new AppError('VALIDATION', 'Only JPEG, PNG and WebP images are accepted.', 'file');
  if ((await repo.images(itemId)).length >= MAX_ITEM_IMAGES)
    throw new AppError('VALIDATION', `An item can have at most ${MAX_ITEM_IMAGES} photos.`, 'file');
  let stored;
  try {
    stored = await storeItemImage(storage, itemId, data);
  } catch {
    throw new AppError('VALIDATION', 'This image could not be read. Please try another file.', 'file');
  }
  if (!(await repo.addImage(itemId, stored, MAX_ITEM_IMAGES))) {
    await Promise.all([storage.remove(stored.largeKey), storage.remove(stored.thumbKey)]);
    throw new AppError('VALIDATION', `An item can have at most ${MAX_ITEM_IMAGES} photos.`, 'file');
  }
  onChange();
}

/** The owner's listings with their rental state from the periods not yet returned. */
async function myItems(repo: ItemsRepository, storage: FileStorage, at: Date, ownerId: string, page: PageRequest): Promise<OwnerItemsPage> {
  const today = todayInLondon(at);
  const [listed, periods, saved] = await Promise.all([repo.ownedItems(ownerId), repo.openPeriods(ownerId), repo.savedCounts(ownerId)]);
  // Items with a request waiting for an answer come first (the order is otherwise kept). That
  // order needs every listing and open period, which an owner has tens of: the page is cut here.
  const waiting = new Set(periods.filter((p) => p.requested).map((p) => p.itemId));
  const ordered = [...listed.filter((r) => waiting.has(r.id)), ...listed.filter((r) => !waiting.has(r.id))];
  const rows = ordered.slice(pageOffset(page), pageOffset(page) + page.pageSize);
  return {
    items: rows.map((row) => ({ ...toOwnerItem(row, periods, today, storage), savedBy: saved.get(row.id) ?? 0 })),
    ...page,
    total: ordered.length,
  };
}

/** An owner's listing with its rental state from the periods not yet returned. */
function toOwnerItem(row: OwnedItem, periods: OpenPeriod[], today: IsoDate, storage: FileStorage): Omit<OwnerItem, 'savedBy'> {
  const mine = periods
    .filter((p) => p.itemId === row.id)
    .map((p) => {
      const lifecycle = lifecycleState({ startDate: p.startDate, endDate: p.endDate, returned: false, cancelled: false }, today);
      const state = p.requested
        ? ('requested' as const)
        : lifecycle === 'overdue'
          ? ('overdue' as const)
          : lifecycle === 'active'
            ? ('out' as const)
            : ('upcoming' as const);
      return { rentalId: p.rentalId, renterName: p.renterName, startDate: p.startDate, endDate: p.endDate, state };
    });
  const rentalState = mine.some((p) => p.state === 'overdue') ? 'overdue' : mine.some((p) => p.state === 'out') ? 'out' : 'available';
  return {
    id: row.id,
    name: row.name,
    categoryId: row.categoryId,
    dailyRatePence: row.dailyRatePence,
    available: row.available,
    underReview: row.underReview,
    imageUrl: row.thumbKey ? storage.url(row.thumbKey) : null,
    rentalState,
    periods: mine,
  };
}

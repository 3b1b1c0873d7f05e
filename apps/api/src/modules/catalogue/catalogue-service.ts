import { ALL_CATEGORY_ID, ALL_ITEMS_CATEGORY, AppError, parseBrowseFilters, todayInLondon, type RawBrowseFilters } from '@toolshed/core';
import type { CategoriesResponse, ItemDetail, ItemImage, ItemsPage, OwnerSummary } from '@toolshed/core/contract';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CatalogueRepository, ItemDetailRow, ItemSummaryRow } from './catalogue-repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function owner(row: ItemSummaryRow | ItemDetailRow): OwnerSummary {
  return {
    id: row.owner_id,
    name: row.owner_name,
    picture: row.owner_picture,
    rating: row.owner_rating === null ? null : Number(row.owner_rating),
    totalRatings: row.owner_total_ratings,
  };
}

export function createCatalogueService(repo: CatalogueRepository, storage: FileStorage, now: () => Date = () => new Date()) {
  const image = (alt: string, largeKey: string, thumbKey: string): ItemImage => ({
    url: storage.url(largeKey),
    thumbUrl: storage.url(thumbKey),
    alt,
  });

  return {
    async categories(): Promise<CategoriesResponse> {
      const rows = await repo.categoriesWithCounts();
      return {
        categories: rows.map((r) => ({ id: r.id, name: r.name, description: r.description, itemCount: r.item_count })),
        totalItems: rows.reduce((sum, r) => sum + r.item_count, 0),
      };
    },

    async items(categoryId: string, raw: RawBrowseFilters, ownerId?: string): Promise<ItemsPage> {
      const parsed = parseBrowseFilters(raw, todayInLondon(now()));
      if (!parsed.ok) throw new AppError('VALIDATION', parsed.message, parsed.field);
      const filters = parsed.value;
      const category = categoryId === ALL_CATEGORY_ID ? { ...ALL_ITEMS_CATEGORY } : await repo.findCategory(categoryId);
      if (!category) throw new AppError('NOT_FOUND', 'Category not found');
      const scope = { categoryId: categoryId === ALL_CATEGORY_ID ? null : categoryId, ...(ownerId ? { ownerId } : {}) };
      const [total, rows] = await Promise.all([repo.countItems(scope, filters), repo.listItems(scope, filters)]);
      return {
        category,
        total,
        page: filters.page,
        pageSize: filters.pageSize,
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          categoryId: r.category_id,
          dailyRatePence: r.daily_rate_pence,
          minDays: r.min_days,
          maxDays: r.max_days,
          city: r.city,
          owner: owner(r),
          image: r.large_key && r.thumb_key ? image(r.name, r.large_key, r.thumb_key) : null,
        })),
      };
    },

    async item(itemId: string): Promise<ItemDetail> {
      const row = UUID.test(itemId) ? await repo.findItem(itemId) : undefined;
      if (!row) throw new AppError('NOT_FOUND', 'Item not found');
      const [images, bookedRanges] = await Promise.all([repo.itemImages(itemId), repo.bookedRanges(itemId, todayInLondon(now()))]);
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        categoryId: row.category_id,
        categoryName: row.category_name,
        dailyRatePence: row.daily_rate_pence,
        minDays: row.min_days,
        maxDays: row.max_days,
        available: row.available,
        location: {
          address: row.address,
          city: row.city,
          postcode: row.postcode,
          latitude: row.latitude,
          longitude: row.longitude,
          approximate: row.location_approximate,
        },
        owner: owner(row),
        images: images.map((img, i) => image(`${row.name} – photo ${i + 1} of ${images.length}`, img.large_key, img.thumb_key)),
        bookedRanges,
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

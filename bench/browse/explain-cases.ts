import { addDays, parseBrowseFilters, type IsoDate, type RawBrowseFilters } from '@toolshed/core';
import type { CatalogueRepository } from '../../apps/api/src/modules/catalogue/catalogue-repository.ts';

/** A typical browse and the index each of its filters should be served by. */
export interface ExplainCase {
  title: string;
  run(repo: CatalogueRepository, today: IsoDate): Promise<unknown>;
  /** Index names expected somewhere in the plans of this case's queries. */
  expectIndexes: string[];
}

function browse(categoryId: string | null, raw: (today: IsoDate) => RawBrowseFilters) {
  return async (repo: CatalogueRepository, today: IsoDate) => {
    const parsed = parseBrowseFilters(raw(today), today);
    if (!parsed.ok) throw new Error(`Bad explain case filters: ${parsed.message}`);
    // The service issues both for every page; the count usually costs more (it cannot stop at 24).
    await repo.listItems(categoryId, parsed.value);
    await repo.countItems(categoryId, parsed.value);
  };
}

export const EXPLAIN_CASES: ExplainCase[] = [
  {
    title: 'Landing page: all items, no filters',
    run: browse(null, () => ({})),
    expectIndexes: ['items_newest_idx'],
  },
  {
    title: 'One category, no filters',
    run: browse('power-tools', () => ({})),
    expectIndexes: ['items_listing_idx'],
  },
  {
    title: 'Typical filtered browse: category + dates + max price + text',
    run: browse('power-tools', (t) => ({ search: 'drill', maxPrice: '25', startDate: addDays(t, 2), endDate: addDays(t, 3) })),
    expectIndexes: ['rentals_no_overlap'],
  },
  {
    title: 'Text search across all categories',
    run: browse(null, () => ({ search: 'ladder' })),
    expectIndexes: ['items_search_trgm_idx'],
  },
  {
    title: 'Dates only, all categories',
    run: browse(null, (t) => ({ startDate: addDays(t, 10), endDate: addDays(t, 12) })),
    expectIndexes: ['rentals_no_overlap', 'items_newest_idx'],
  },
  {
    title: 'Minimum rating within a category',
    run: browse('garden-tools', () => ({ minRating: '4.5' })),
    expectIndexes: ['items_listing_idx'],
  },
  {
    title: 'Item popup: item, images and booked ranges',
    run: async (repo, today) => {
      const page = await repo.listItems(null, { page: 1, pageSize: 1 });
      const id = page[0]?.id;
      if (!id) throw new Error('No item to open');
      await repo.findItem(id);
      await repo.itemImages(id);
      await repo.bookedRanges(id, today);
    },
    expectIndexes: ['items_pkey', 'item_images_item_position_idx'],
  },
];

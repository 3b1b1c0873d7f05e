import {
  addDays,
  METRES_PER_MILE,
  parseBrowseFilters,
  placeOffline,
  type BrowseFilters,
  type IsoDate,
  type RawBrowseFilters,
} from '@toolshed/core';
import type { BrowseScope, CatalogueRepository } from '../../apps/api/src/modules/catalogue/catalogue-repository.ts';
import { narrowsListing } from '../../apps/api/src/modules/catalogue/browse-rules.ts';
import { generateMix, MIX_SEED } from './generated-mix.ts';
import { BROWSE_VARIANTS, variantDates } from './query-set.ts';

/** A typical browse and the index each of its filters should be served by. */
export interface ExplainCase {
  title: string;
  /** Calls the repository as the API would; `forget()` drops the queries captured so far (setup). */
  run(repo: CatalogueRepository, today: IsoDate, forget: () => void): Promise<unknown>;
  /** Index names expected somewhere in the plans of this case's queries. */
  expectIndexes: string[];
  /** Whole plans go to the file only for the typical cases; the load queries get one line each. */
  fullPlans: boolean;
}

function browse(categoryId: string | null, raw: (today: IsoDate) => RawBrowseFilters) {
  return async (repo: CatalogueRepository, today: IsoDate) => {
    const parsed = parseBrowseFilters(raw(today), today);
    if (!parsed.ok) throw new Error(`Bad explain case filters: ${parsed.message}`);
    await browseAsTheServiceDoes(repo, categoryId, parsed.value);
  };
}

/** Where the service would centre the browse: the offline geocoder's place (the bench's API has no other). */
function scopeOf(categoryId: string | null, filters: BrowseFilters): BrowseScope {
  const near = filters.near && (filters.near.kind === 'point' ? filters.near : placeOffline(filters.near));
  if (filters.near && !near) throw new Error(`The offline geocoder cannot place ${JSON.stringify(filters.near)}`);
  if (!near) return { categoryId };
  const radius = filters.radiusMiles === undefined ? {} : { radiusMetres: filters.radiusMiles * METRES_PER_MILE };
  return { categoryId, near: { latitude: near.latitude, longitude: near.longitude, ...radius } };
}

/** As the service: an unfiltered listing reads its page with the maintained count; else one bounded query. */
async function browseAsTheServiceDoes(repo: CatalogueRepository, categoryId: string | null, filters: BrowseFilters): Promise<void> {
  if (narrowsListing(filters)) {
    await repo.listAndCount(scopeOf(categoryId, filters), filters, await repo.planOf(filters));
  } else {
    await repo.listWithListedCount(scopeOf(categoryId, filters), filters);
  }
}

export const EXPLAIN_CASES: ExplainCase[] = [
  {
    title: 'Sidebar: categories with their counts',
    run: (repo) => repo.categoriesWithCounts(),
    expectIndexes: [],
    fullPlans: true,
  },
  {
    title: 'Landing page: all items, no filters',
    run: browse(null, () => ({})),
    expectIndexes: ['items_newest_idx'],
    fullPlans: true,
  },
  {
    title: 'One category, no filters',
    run: browse('power-tools', () => ({})),
    expectIndexes: ['items_listing_idx'],
    fullPlans: true,
  },
  {
    title: 'Typical filtered browse: category + dates + max price + text',
    run: browse('power-tools', (t) => ({ search: 'drill', maxPrice: '25', startDate: addDays(t, 2), endDate: addDays(t, 3) })),
    expectIndexes: ['items_search_document_idx'],
    fullPlans: true,
  },
  {
    title: 'Text search across all categories',
    run: browse(null, () => ({ search: 'ladder' })),
    // A word's matches from the search document's GIN index (decision 025), scored and sorted.
    expectIndexes: ['items_search_document_idx'],
    fullPlans: true,
  },
  {
    title: 'Two words across all categories',
    run: browse(null, () => ({ search: 'ring light', maxPrice: '30' })),
    // Either word from the search document's GIN index (decision 025).
    expectIndexes: ['items_search_document_idx'],
    fullPlans: true,
  },
  {
    title: 'Dates only, all categories',
    run: browse(null, (t) => ({ startDate: addDays(t, 10), endDate: addDays(t, 12) })),
    // Filters other than words walk the listing index, which carries their columns and not the text
    // (migration 0020): an index-only scan of the smaller index.
    expectIndexes: ['items_newest_idx'],
    fullPlans: true,
  },
  {
    title: 'Minimum rating within a category',
    run: browse('garden-tools', () => ({ minRating: '4.5' })),
    expectIndexes: ['items_listing_idx'],
    fullPlans: true,
  },
  {
    title: 'Maximum price only, all categories',
    run: browse(null, () => ({ maxPrice: '10' })),
    // The page newest first; the count, in no order, along the prices (migration 0021).
    expectIndexes: ['items_newest_idx', 'items_price_idx'],
    fullPlans: true,
  },
  {
    title: 'A common word with a price, all categories',
    run: browse(null, () => ({ search: 'cordless', maxPrice: '20' })),
    expectIndexes: ['items_search_document_idx'],
    fullPlans: true,
  },
  {
    title: 'Two words, a cheap price and a minimum rating in a small category',
    run: browse('moving-equipment', () => ({ search: 'sack truck', maxPrice: '8', minRating: '4.5' })),
    expectIndexes: ['items_search_document_idx'],
    fullPlans: true,
  },
  {
    title: 'Landing page, newest first (the order of every browse before decision 022)',
    run: browse(null, () => ({ sort: 'newest' })),
    expectIndexes: ['items_newest_idx'],
    fullPlans: true,
  },
  {
    title: 'Within 5 miles of a city, nearest first',
    run: browse(null, () => ({ near: 'Leeds', radius: '5' })),
    // The radius from the GiST index of public points keyed by the point alone (across categories,
    // migration 0036), the order from it too.
    expectIndexes: ['items_near_all_idx'],
    fullPlans: true,
  },
  {
    title: 'Within 3 miles of a district, a word, a price, dates and a rating',
    run: browse(null, (t) => ({
      near: 'M1',
      radius: '3',
      search: 'drill',
      maxPrice: '40',
      startDate: addDays(t, 6),
      endDate: addDays(t, 8),
      minRating: '3.5',
    })),
    expectIndexes: ['items_near_all_idx'],
    fullPlans: true,
  },
  {
    title: 'Within 10 miles in a category, lowest price first',
    run: browse('garden-tools', () => ({ near: 'Bristol', radius: '10', sort: 'price' })),
    expectIndexes: ['items_near_idx'],
    fullPlans: true,
  },
  {
    title: 'A city at any distance, nearest first',
    run: browse(null, () => ({ near: 'York' })),
    // An ordered scan of the GiST index that stops after the page.
    expectIndexes: ['items_near_all_idx'],
    fullPlans: true,
  },
  {
    title: 'Lowest price first, all categories',
    run: browse(null, () => ({ sort: 'price' })),
    expectIndexes: ['items_price_idx'],
    fullPlans: true,
  },
  {
    title: 'Highest rated first, all categories, with a maximum price',
    run: browse(null, () => ({ sort: 'rating', maxPrice: '30' })),
    expectIndexes: ['items_rating_idx'],
    fullPlans: true,
  },
  {
    title: 'Item popup: item, images and booked ranges',
    run: async (repo, today, forget) => {
      const page = await repo.listWithListedCount({ categoryId: null }, { page: 1, pageSize: 1 });
      const id = page.rows[0]?.id;
      if (!id) throw new Error('No item to open');
      forget();
      await repo.findItem(id, today);
    },
    expectIndexes: ['items_pkey', 'item_images_item_position_idx', 'rentals_active_item_idx'],
    fullPlans: true,
  },
];

/** The load test's own queries, so a slow one can be named; every one filters on dates and text. */
export const LOAD_QUERY_CASES: ExplainCase[] = BROWSE_VARIANTS.map((v) => ({
  title: `Load query: ${v.categoryId}, "${v.search}", max £${v.maxPrice}, ${v.days} day(s) from today+${v.startInDays}${v.minRating ? `, rating ${v.minRating}+` : ''}`,
  run: browse(v.categoryId === 'all' ? null : v.categoryId, (t) => ({
    sort: 'newest',
    search: v.search,
    maxPrice: String(v.maxPrice),
    ...variantDates(v, t),
    ...(v.minRating !== undefined ? { minRating: String(v.minRating) } : {}),
  })),
  expectIndexes: ['items_search_document_idx'],
  fullPlans: false,
}));

/** Browses a path of the generated mix (`/api/categories/<id>/items?...`) through the repository, as the service would. */
export function runMixPath(repo: CatalogueRepository, path: string, today: IsoDate): Promise<void> {
  const url = new URL(path, 'http://bench');
  const categoryId = decodeURIComponent(url.pathname.split('/')[3]!);
  return browse(categoryId === 'all' ? null : categoryId, () => Object.fromEntries(url.searchParams))(repo, today);
}

/** One query of each kind from the generated mix (the first of its kind), one line each. */
export function mixKindCases(today: IsoDate): ExplainCase[] {
  const firstOfKind = new Map<string, string>();
  for (const q of generateMix(2000, MIX_SEED, today)) if (!firstOfKind.has(q.kind)) firstOfKind.set(q.kind, q.path);
  return [...firstOfKind.entries()].sort().map(([kind, path]) => {
    return {
      title: `Mix kind ${kind}: ${new URL(path, 'http://bench').search}`,
      run: (repo, today) => runMixPath(repo, path, today),
      expectIndexes: [],
      fullPlans: false,
    };
  });
}

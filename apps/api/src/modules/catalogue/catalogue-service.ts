import {
  ALL_CATEGORY_ID,
  ALL_ITEMS_CATEGORY,
  MAX_SEARCH_LENGTH,
  AppError,
  effectiveSort,
  nearText,
  NEAR_MESSAGE,
  parseBrowseFilters,
  pointLabel,
  publicLocation,
  readNear,
  distanceMetres,
  roundedMiles,
  todayInLondon,
  type BrowseFilters,
  type NearQuery,
  type RawBrowseFilters,
} from '@toolshed/core';
import type {
  CategoriesResponse,
  ItemDetail,
  ItemImage,
  ItemsPage,
  MapPoints,
  NearAnswer,
  SearchSuggestions,
} from '@toolshed/core/contract';
import { MAX_SUGGESTIONS, wordsOf, type SearchPlan } from '@toolshed/core/search';
import type { Geocoder, PlaceResult } from '../../platform/geocoding/geocoder.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { BrowseScope, CatalogueRepository } from './catalogue-repository.ts';
import { COUNT_BOUND, narrowsListing } from './browse-rules.ts';
import { nearestOf, relaxationsOf } from './browse-help.ts';
import { browseScope } from './browse-scope.ts';
import { itemDetailOf } from './item-detail.ts';
import { toCard, toMapPoint } from './browse-rows.ts';
import { TtlCache } from '../../platform/cache/ttl-cache.ts';
import { isRowId } from '../../db/ids.ts';

/** The most points a map is given: enough for a town at any radius, few enough to draw at once. */
export const MAP_POINTS = 500;

/**
 * Browsing reads through a short-lived cache: `cache.clear()` runs after every booking, return and
 * listing change, so what is served is as fresh as the database.
 */
export function createCatalogueService(
  repo: CatalogueRepository,
  storage: FileStorage,
  now: () => Date = () => new Date(),
  cache: TtlCache<unknown> = new TtlCache(0, 0),
  geocoder?: Geocoder,
) {
  const cached = <T>(key: unknown[], compute: () => Promise<T>) => cache.getOrCompute(JSON.stringify(key), compute) as Promise<T>;
  // Where the location box's postcodes and towns are: they do not move, so an hour is nothing. The
  // HTTP geocoder keeps its answers in PostgreSQL besides; this spares even that round trip.
  const places = new TtlCache<PlaceResult>(3_600_000, 2_000);
  async function locate(near: NearQuery): Promise<NearAnswer & { radiusMiles: null }> {
    if (near.kind === 'point') return { label: pointLabel(near), latitude: near.latitude, longitude: near.longitude, radiusMiles: null };
    if (!geocoder) throw new AppError('UNAVAILABLE', 'Finding places is not available');
    const place = await places.getOrCompute(nearText(near).toLowerCase(), () => geocoder.locate(near));
    return { label: place.label, latitude: place.latitude, longitude: place.longitude, radiusMiles: null };
  }
  // Categories change only when a process starts (it writes them in step with its code), so a copy
  // up to a minute old is as good as a fresh one: a category page then makes one round trip, not two.
  // Not cleared with the browse cache, which listing changes clear; unknown ids are never kept.
  const categoryRows = new TtlCache<Awaited<ReturnType<CatalogueRepository['findCategory']>>>(60_000, 100);
  // Formatting London's date costs tens of microseconds, a third of a browse's own work; it can only
  // change on a minute boundary (London is a whole number of hours from UTC), so once a minute is enough.
  let londonDay = { minute: Number.NaN, date: '' };
  const today = (): string => {
    const at = now();
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute !== londonDay.minute) londonDay = { minute, date: todayInLondon(at) };
    return londonDay.date;
  };

  const image = (alt: string, largeKey: string, thumbKey: string): ItemImage => ({
    url: storage.url(largeKey),
    thumbUrl: storage.url(thumbKey),
    alt,
  });

  return {
    categories: (): Promise<CategoriesResponse> => cached(['categories'], () => loadCategories()),

    /** `hiddenOwners`: the members whose items the asker must not see (blocks, either way). */
    async items(categoryId: string, raw: RawBrowseFilters, ownerId?: string, hiddenOwners: readonly string[] = []): Promise<ItemsPage> {
      const date = today();
      const parsed = parseBrowseFilters(raw, date);
      if (!parsed.ok) throw new AppError('VALIDATION', parsed.message, parsed.field);
      const filters = parsed.value;
      const near = filters.near ? { ...(await locate(filters.near)), radiusMiles: filters.radiusMiles ?? null } : undefined;
      return cached(['items', categoryId, ownerId ?? null, filters, date, hiddenOwners], () =>
        loadItems(categoryId, filters, ownerId, near, hiddenOwners),
      );
    },

    /**
     * The map of a browse: the public points of its first MAP_POINTS matches with a location, in its
     * order (nearest first with a place), rounded as every answer's are, and whether more match.
     */
    async mapPoints(categoryId: string, raw: RawBrowseFilters, hiddenOwners: readonly string[] = []): Promise<MapPoints> {
      const date = today();
      const parsed = parseBrowseFilters({ ...raw, page: undefined, pageSize: undefined }, date);
      if (!parsed.ok) throw new AppError('VALIDATION', parsed.message, parsed.field);
      const filters = parsed.value;
      const near = filters.near ? { ...(await locate(filters.near)), radiusMiles: filters.radiusMiles ?? null } : undefined;
      return cached(['map', categoryId, filters, date, hiddenOwners], async () => {
        const scope = await scopeOf(categoryId, undefined, near, hiddenOwners);
        const rows = await repo.mapPoints(scope, filters, await repo.planOf(filters), MAP_POINTS + 1);
        return {
          points: rows.slice(0, MAP_POINTS).map((r) => toMapPoint(r, near !== undefined)),
          more: rows.length > MAP_POINTS,
          ...(near ? { near } : {}),
        };
      });
    },

    /** Suggestions while typing: categories whose name has words beginning so, then the names of the items matching best. */
    async suggestions(raw: string | undefined): Promise<SearchSuggestions> {
      const query = (raw ?? '').trim().replace(/\s+/g, ' ');
      if (query.length > MAX_SEARCH_LENGTH) throw new AppError('VALIDATION', `Search can be at most ${MAX_SEARCH_LENGTH} characters`, 'q');
      if (query === '') return { query, suggestions: [] };
      return cached(['suggestions', query.toLowerCase()], async () => {
        const plan = await repo.planOf({ search: query, page: 1, pageSize: MAX_SUGGESTIONS });
        const [categories, items] = await Promise.all([
          loadCategories(),
          plan.clauses.length > 0 ? repo.suggestItems(plan, MAX_SUGGESTIONS) : Promise.resolve([]),
        ]);
        const words = plan.clauses.flatMap((c) => c.typed);
        const named = categories.categories.filter(
          (c) => words.length > 0 && words.every((w) => wordsOf(c.name).some((n) => n.startsWith(w))),
        );
        return {
          query,
          suggestions: [
            ...named.map((c) => ({ kind: 'category' as const, id: c.id, label: c.name, categoryId: c.id })),
            ...items.map((i) => ({ kind: 'item' as const, id: i.id, label: i.name, categoryId: i.categoryId })),
          ].slice(0, MAX_SUGGESTIONS),
        };
      });
    },

    /** The words as browsing matches them, as a `tsquery`'s text (null without words): what a saved search keeps to match new listings. */
    matchQueryOf: async (search: string | undefined): Promise<string | null> =>
      repo.matchQueryText(await repo.planOf({ ...(search !== undefined && { search }), page: 1, pageSize: 1 })),

    /** Where the location box's text is, as browsing reads it; refuses text that names no place. */
    origin: async (near: string) => {
      const query = readNear(near);
      if (!query) throw new AppError('VALIDATION', NEAR_MESSAGE, 'near');
      return locate(query);
    },

    /** The item as its owner sees it: the street address and the geocoded point. */
    item: async (itemId: string, near?: string): Promise<ItemDetail> => {
      const { detail, publicPoint } = await loadCachedItem(itemId);
      return { ...detail, ...(await distanceFrom(near, publicPoint)) };
    },

    /** The item as anyone else sees it: the town, the postcode district and the public point (decision 022). */
    publicItem: async (itemId: string, near?: string): Promise<ItemDetail> => itemFor(itemId, near, null, []),

    /**
     * The item as this viewer sees it: its owner in full; anyone else as `publicItem`, and not at
     * all (404, as for an item that does not exist) while it is held back for review, or when its
     * owner and the viewer blocked one another (`hiddenOwners`).
     */
    itemFor,
  };

  async function itemFor(
    itemId: string,
    near: string | undefined,
    viewerId: string | null,
    hiddenOwners: readonly string[],
  ): Promise<ItemDetail> {
    const { detail, publicPoint, hidden } = await loadCachedItem(itemId);
    if (viewerId !== null && viewerId === detail.owner.id) return { ...detail, ...(await distanceFrom(near, publicPoint)) };
    if (hidden || hiddenOwners.includes(detail.owner.id)) throw new AppError('NOT_FOUND', 'Item not found');
    return { ...detail, location: publicLocation(detail.location, publicPoint), ...(await distanceFrom(near, publicPoint)) };
  }

  /** With the location box's text: the distance to the item's public point, rounded as on the cards. */
  async function distanceFrom(near: string | undefined, point: { latitude: number | null; longitude: number | null }) {
    if (near === undefined || near.trim() === '') return {};
    const query = readNear(near);
    if (!query) throw new AppError('VALIDATION', NEAR_MESSAGE, 'near');
    const origin = await locate(query);
    const { latitude, longitude } = point;
    return {
      distanceMiles: latitude === null || longitude === null ? null : roundedMiles(distanceMetres(origin, { latitude, longitude })),
    };
  }

  function loadCachedItem(itemId: string) {
    return cached(['item', itemId, today()], () => loadItem(itemId));
  }

  async function loadCategories(): Promise<CategoriesResponse> {
    const rows = await repo.categoriesWithCounts();
    return {
      categories: rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        itemCount: r.itemCount,
        picture: r.picture ? image(r.picture.itemName, r.picture.largeKey, r.picture.thumbKey) : null,
      })),
      totalItems: rows.reduce((sum, r) => sum + r.itemCount, 0),
    };
  }

  async function categoryOf(categoryId: string) {
    const category =
      categoryId === ALL_CATEGORY_ID
        ? { ...ALL_ITEMS_CATEGORY }
        : await categoryRows.getOrCompute(categoryId, () => repo.findCategory(categoryId));
    if (!category) throw new AppError('NOT_FOUND', 'Category not found');
    return category;
  }

  /** Where a browse looks, once the category is known (else 404). */
  async function scopeOf(
    categoryId: string,
    ownerId: string | undefined,
    near: NearAnswer | undefined,
    hiddenOwners: readonly string[] = [],
  ): Promise<BrowseScope> {
    await categoryOf(categoryId);
    return browseScope(categoryId, ownerId, near, hiddenOwners);
  }

  async function loadItems(
    categoryId: string,
    filters: BrowseFilters,
    ownerId: string | undefined,
    near: NearAnswer | undefined,
    hiddenOwners: readonly string[],
  ): Promise<ItemsPage> {
    const category = await categoryOf(categoryId);
    const scope = await scopeOf(categoryId, ownerId, near, hiddenOwners);
    const plan = await repo.planOf(filters);
    const { rows, total, totalCapped } = await pageAndTotal(scope, filters, plan);
    const relaxations = total === 0 && plan.clauses.length > 0 ? await relaxationsOf(repo, scope, filters, plan, near) : [];
    const nearest = total === 0 && plan.clauses.length === 0 ? await nearestOf(repo, scope, filters) : undefined;
    return {
      category,
      total,
      totalCapped,
      ...(plan.corrected ? { correctedSearch: plan.corrected } : {}),
      ...(relaxations.length > 0 ? { relaxations } : {}),
      ...(nearest ? { nearest } : {}),
      page: filters.page,
      pageSize: filters.pageSize,
      sort: effectiveSort(filters),
      ...(near ? { near } : {}),
      items: rows.map((r) => toCard(r, near !== undefined, image)),
    };
  }

  /**
   * An unfiltered category (or all) takes its exact total from the maintained counts and reads only
   * its page; anything narrower counts its matches up to COUNT_BOUND in the same query as the page.
   */
  async function pageAndTotal(scope: BrowseScope, filters: BrowseFilters, plan: SearchPlan) {
    // The maintained counts are everyone's: an asker who cannot see some owners' items counts their matches.
    if (!scope.ownerId && !scope.hiddenOwners && !narrowsListing(filters)) {
      const { rows, listed } = await repo.listWithListedCount(scope, filters);
      return { rows, total: listed, totalCapped: false };
    }
    const { rows, matched } = await repo.listAndCount(scope, filters, plan);
    return { rows, total: Math.min(matched, COUNT_BOUND), totalCapped: matched > COUNT_BOUND };
  }

  async function loadItem(
    itemId: string,
  ): Promise<{ detail: ItemDetail; publicPoint: { latitude: number | null; longitude: number | null }; hidden: boolean }> {
    const row = isRowId(itemId) ? await repo.findItem(itemId, today()) : undefined;
    if (!row) throw new AppError('NOT_FOUND', 'Item not found');
    const detail = itemDetailOf(row, image, today());
    return { detail, publicPoint: { latitude: row.publicLatitude, longitude: row.publicLongitude }, hidden: row.hiddenPendingReview };
  }
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

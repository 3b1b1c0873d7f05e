import { ALL_CATEGORY_ID, AppError, CATEGORIES, formatPence, parseBrowseFilters, searchWords, type GeoPoint } from '@toolshed/core';
import {
  MAX_SAVED_SEARCHES,
  pageOffset,
  SAVED_SEARCH_EMPTY_MESSAGE,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_LIMIT_MESSAGE,
  type PageRequest,
  type SavedSearch,
  type SavedSearchChange,
  type SavedSearchesPage,
  type SavedSearchInput,
  type Unsubscribed,
} from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import { matchKeysOf, type SavedSearchesRepository, type SavedSearchRow } from './saved-searches-repository.ts';
import { searchPath } from './search-path.ts';

const categoryName = (id: string | null) => (id === null ? null : (CATEGORIES.find((c) => c.id === id)?.name ?? null));

/** A name for a search nobody named: its words or category, its price, and its place ('Ladder near Leeds'). */
export function defaultSearchName(s: {
  search: string | null;
  categoryId: string | null;
  maxPricePence: number | null;
  place: string | null;
}): string {
  const what = s.search ?? categoryName(s.categoryId) ?? 'Anything';
  const parts = [what.charAt(0).toUpperCase() + what.slice(1)];
  if (s.search && s.categoryId) parts.push(`in ${categoryName(s.categoryId)}`);
  if (s.maxPricePence !== null) parts.push(`up to ${formatPence(s.maxPricePence)} a day`);
  if (s.place) parts.push(`near ${s.place}`);
  const name = parts.join(' ');
  return name.length <= SAVED_SEARCH_NAME_MAX ? name : `${name.slice(0, SAVED_SEARCH_NAME_MAX - 3).trimEnd()}...`;
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    categoryId: row.categoryId ?? ALL_CATEGORY_ID,
    categoryName: row.categoryName,
    search: row.search,
    maxPricePence: row.maxPricePence,
    minRating: row.minRating === null ? null : Number(row.minRating),
    near: row.near,
    placeLabel: row.placeLabel,
    radiusMiles: row.radiusMiles,
    frequency: row.frequency,
    paused: row.paused,
    createdAt: new Date(row.createdAt).toISOString(),
    newMatches: Number(row.newMatches),
    path: searchPath(row),
  };
}

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Saved search not found');

/** The search's category, filters and words as browsing reads them; refused when it is not valid or asks for nothing. */
function readSearch(input: SavedSearchInput) {
  const categoryId = input.categoryId === ALL_CATEGORY_ID ? null : input.categoryId;
  if (categoryId !== null && !CATEGORIES.some((c) => c.id === categoryId))
    throw new AppError('VALIDATION', 'There is no such category', 'categoryId');
  const parsed = parseBrowseFilters({
    search: input.search,
    maxPrice: input.maxPrice,
    minRating: input.minRating,
    near: input.near,
    radius: input.radius,
  });
  if (!parsed.ok) throw new AppError('VALIDATION', parsed.message, parsed.field);
  const f = parsed.value;
  const words = searchWords(f.search).length > 0 ? f.search! : null;
  if (words === null && categoryId === null && f.maxPricePence === undefined && f.minRating === undefined && f.radiusMiles === undefined)
    throw new AppError('VALIDATION', SAVED_SEARCH_EMPTY_MESSAGE);
  return { categoryId, f, words };
}

/**
 * A member's saved searches: the browse's own validation and place finding, the words kept as the
 * browse engine matches them, so an alert names exactly what the search would now find.
 */
export function createSavedSearchesService(deps: {
  repo: SavedSearchesRepository;
  /** Where the location box's text is, as browsing reads it. */
  origin: (near: string) => Promise<GeoPoint & { label: string }>;
  /** The words as the browse engine matches them (a tsquery's text; null without words). */
  matchQueryOf: (search: string | undefined) => Promise<string | null>;
  now: () => Date;
}) {
  const { repo, origin, matchQueryOf, now } = deps;

  async function owned(userId: string, id: string) {
    const row = isRowId(id) ? await repo.find(userId, id) : undefined;
    if (!row) throw NOT_FOUND();
    return row;
  }

  return {
    async create(userId: string, input: SavedSearchInput): Promise<SavedSearch> {
      const { categoryId, f, words } = readSearch(input);
      if ((await repo.count(userId)) >= MAX_SAVED_SEARCHES) throw new AppError('CONFLICT', SAVED_SEARCHES_LIMIT_MESSAGE);
      const place = input.near?.trim() ? await origin(input.near.trim()) : null;
      const matchQuery = words === null ? null : await matchQueryOf(words);
      const id = await repo.insert({
        userId,
        name:
          input.name ??
          defaultSearchName({ search: words, categoryId, maxPricePence: f.maxPricePence ?? null, place: place?.label ?? null }),
        categoryId,
        search: words,
        maxPricePence: f.maxPricePence ?? null,
        minRating: f.minRating ?? null,
        near: place ? input.near!.trim() : null,
        placeLabel: place?.label ?? null,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        radiusMiles: place ? (f.radiusMiles ?? null) : null,
        frequency: input.frequency,
        matchQuery,
        matchKeys: matchQuery === null ? null : matchKeysOf(matchQuery),
      });
      return toSavedSearch((await repo.find(userId, id))!);
    },

    async list(userId: string, page: PageRequest): Promise<SavedSearchesPage> {
      const { rows, total } = await repo.page(userId, pageOffset(page), page.pageSize);
      return { searches: rows.map(toSavedSearch), ...page, total };
    },

    async change(userId: string, id: string, change: SavedSearchChange): Promise<SavedSearch> {
      await owned(userId, id);
      await repo.change(userId, id, change, now());
      return toSavedSearch((await repo.find(userId, id))!);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isRowId(id) || !(await repo.remove(userId, id))) throw NOT_FOUND();
    },

    /** The email's one-click link: pauses that search only, for whoever holds the link. */
    async unsubscribe(token: string): Promise<Unsubscribed> {
      const done = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await repo.unsubscribe(token, now()) : undefined;
      if (!done) throw new AppError('NOT_FOUND', 'This link does not stop any alerts: the search may have been deleted.');
      return done;
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;

/**
 * The read-only browse the web app serves from the sample catalogue when the API cannot be reached.
 * It answers with exactly the API's response types and applies filters the way the API does.
 * Contract types are imported as types only: this module ships to the browser without zod.
 */
import { isRangeFree, type DateRange } from '../booking-range.ts';
import { effectiveSort, type BrowseFilters, type BrowseSort } from '../browse-filters.ts';
import { ALL_CATEGORY_ID, ALL_ITEMS_CATEGORY, CATEGORIES, categoryName } from '../categories.ts';
import type {
  BrowseRelaxation,
  CategoriesResponse,
  ItemDetail,
  ItemImage,
  ItemsPage,
  ItemSummary,
  MapPoints,
  NearAnswer,
  NearestMatches,
  OwnerSummary,
  SearchSuggestion,
  SearchSuggestions,
} from '../contract/index.ts';
import { compareDates, type IsoDate } from '../dates.ts';
import { AppError } from '../errors.ts';
import {
  distanceMetres,
  METRES_PER_MILE,
  NEAREST_GROUP_MILES,
  NEAR_MESSAGE,
  nearText,
  placeNotFoundMessage,
  radiusReaching,
  readNear,
  roundedMiles,
  type GeoPoint,
  type NearQuery,
} from '../near.ts';
import { publicCoordinates, publicLocation, sampleOffsetPoint } from '../public-location.ts';
import { placeOffline, pointLabel } from '../uk-places/index.ts';
import { RADIUS_MILES_OPTIONS } from '../near-query.ts';
import { matchableField, matchScore, planSearch, vocabularyQuestion, type MatchableField, type SearchPlan } from '../search/search-plan.ts';
import { vocabularyOf, type Vocabulary } from '../search/vocabulary.ts';
import { MAX_SUGGESTIONS, wordsOf } from '../search/search-words.ts';
import { SAMPLE_ITEMS } from './items.ts';
import { sampleItem, sampleOwnerRating, sampleRentalRange, sampleUser } from './lookups.ts';
import { SAMPLE_RENTALS } from './rentals.ts';
import { SAMPLE_IMAGE_COUNT, sampleImageAlt, sampleImageDataUrl } from './sample-images.ts';
import type { SampleItem } from './types.ts';

export function mockCategories(): CategoriesResponse {
  return {
    categories: CATEGORIES.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      itemCount: SAMPLE_ITEMS.filter((i) => i.categoryId === c.id).length,
      // As the API: the newest item's first photo (a later catalogue entry is newer).
      picture: ((newest) => (newest ? image(newest, 0) : null))(SAMPLE_ITEMS.findLast((i) => i.categoryId === c.id)),
    })),
    totalItems: SAMPLE_ITEMS.length,
  };
}

/** Unreturned rentals block their item, including overdue ones, as in the database. */
function blockedRanges(itemKey: string, today: IsoDate): DateRange[] {
  return SAMPLE_RENTALS.filter((r) => r.itemKey === itemKey && !r.returned)
    .map((r) => sampleRentalRange(r, today))
    .sort((a, b) => compareDates(a.startDate, b.startDate));
}

function ownerSummary(ownerKey: string): OwnerSummary {
  const { rating, totalRatings } = sampleOwnerRating(ownerKey);
  return { id: ownerKey, name: sampleUser(ownerKey)?.name ?? 'Unknown Owner', picture: null, rating, totalRatings };
}

function image(item: SampleItem, index: number): ItemImage {
  const url = sampleImageDataUrl(item, index);
  return { url, thumbUrl: url, alt: sampleImageAlt(item.name, index) };
}

let vocabulary: Vocabulary | undefined;
const fields = new Map<string, { name: MatchableField; description: MatchableField }>();

/** The plan of a search over the sample catalogue's words, as the API plans it over its vocabulary. */
export function mockSearchPlan(filters: Pick<BrowseFilters, 'search' | 'searchAsTyped'>): SearchPlan {
  vocabulary ??= vocabularyOf(SAMPLE_ITEMS.map((i) => `${i.name} ${i.description}`));
  return planSearch(filters.search, vocabulary.answer(vocabularyQuestion(filters.search)), filters.searchAsTyped === true);
}

/** How well a sample item answers a plan (null: not a match), scored as the API scores it. */
export function mockScore(item: SampleItem, plan: SearchPlan): number | null {
  let field = fields.get(item.key);
  if (!field) {
    field = { name: matchableField(item.name), description: matchableField(item.description) };
    fields.set(item.key, field);
  }
  return matchScore(plan, field.name, field.description);
}

function passesFilters(item: SampleItem, filters: BrowseFilters, today: IsoDate): boolean {
  if (filters.maxPricePence !== undefined && item.dailyRatePence > filters.maxPricePence) return false;
  if (filters.startDate) {
    const wanted = { startDate: filters.startDate, endDate: filters.endDate ?? filters.startDate };
    if (!isRangeFree(wanted, blockedRanges(item.key, today))) return false;
  }
  if (filters.minRating !== undefined) {
    const { rating } = sampleOwnerRating(item.ownerKey);
    if (rating === null || rating < filters.minRating) return false;
  }
  return true;
}

/** A sample item's public point: a stable offset from its key, as the database draws one for real items. */
const publicPoints = new Map<string, GeoPoint>();
export function samplePublicPoint(item: SampleItem): GeoPoint {
  let point = publicPoints.get(item.key);
  if (!point) {
    point = sampleOffsetPoint(item.key, item);
    publicPoints.set(item.key, point);
  }
  return point;
}

/**
 * Places the location box as the API's offline geocoder does (core's district and town tables), or
 * refuses it with the API's message.
 */
export function mockNear(near: NearQuery, radiusMiles: number | undefined): NearAnswer {
  const radius = radiusMiles ?? null;
  if (near.kind === 'point') return { label: pointLabel(near), latitude: near.latitude, longitude: near.longitude, radiusMiles: radius };
  const place = placeOffline(near);
  if (!place) throw new AppError('VALIDATION', placeNotFoundMessage(nearText(near)), 'near');
  return { label: place.label, latitude: place.latitude, longitude: place.longitude, radiusMiles: radius };
}

/** Later catalogue entries are newer (the seed inserts them in order). */
const ageRank = new Map(SAMPLE_ITEMS.map((item, n) => [item.key, n]));
const newer = (a: SampleItem, b: SampleItem) => ageRank.get(b.key)! - ageRank.get(a.key)!;

/** The API's orders (decision 022), each ending newest first among equals. */
function orderBy(sort: BrowseSort, distance: (item: SampleItem) => number | null): (a: SampleItem, b: SampleItem) => number {
  const rating = (item: SampleItem) => sampleOwnerRating(item.ownerKey).rating;
  switch (sort) {
    case 'newest':
      return newer;
    case 'relevance':
      // Every sample item has photos: an unrated owner's items come after the rest.
      return (a, b) => Number(rating(a) === null) - Number(rating(b) === null) || newer(a, b);
    case 'price':
      return (a, b) => a.dailyRatePence - b.dailyRatePence || newer(a, b);
    case 'rating':
      return (a, b) => (rating(b) ?? -1) - (rating(a) ?? -1) || newer(a, b);
    case 'nearest':
      return (a, b) => (distance(a) ?? Infinity) - (distance(b) ?? Infinity) || newer(a, b);
  }
}

function summary(item: SampleItem, distance: number | null | undefined): ItemSummary {
  return {
    id: item.key,
    name: item.name,
    description: item.description,
    categoryId: item.categoryId,
    dailyRatePence: item.dailyRatePence,
    minDays: item.minDays,
    maxDays: item.maxDays,
    city: item.city,
    owner: ownerSummary(item.ownerKey),
    image: image(item, 0),
    ...(distance === undefined ? {} : { distanceMiles: distance === null ? null : roundedMiles(distance) }),
  };
}

/**
 * One page of the items in scope that pass the filters, under `category`, in the order asked for
 * (relevance without a location and nearest with one by default), where a later catalogue entry is
 * newer (the seed inserts in catalogue order), so the order is stable from page to page. Owner pages
 * share it, as the API's do. With a location, distances are from each item's public point.
 */
export function mockPage(
  category: ItemsPage['category'],
  inScope: (item: SampleItem) => boolean,
  filters: BrowseFilters,
  today: IsoDate,
  /** A category of the whole catalogue: with no match, say how many all categories hold. */
  inCategory = false,
): ItemsPage {
  const { found, near, sort, distance, plan } = mockMatches(inScope, filters, today);
  const start = (filters.page - 1) * filters.pageSize;
  const relaxations = found.length === 0 && plan.clauses.length > 0 ? mockRelaxations(inScope, filters, today, inCategory) : [];
  const nearest = found.length === 0 && plan.clauses.length === 0 && near ? mockNearest(inScope, filters, today, near) : undefined;
  return {
    category,
    items: found.slice(start, start + filters.pageSize).map((item) => summary(item, near ? distance(item) : undefined)),
    total: found.length,
    page: filters.page,
    pageSize: filters.pageSize,
    sort,
    ...(near ? { near } : {}),
    ...(plan.corrected ? { correctedSearch: plan.corrected } : {}),
    ...(relaxations.length > 0 ? { relaxations } : {}),
    ...(nearest ? { nearest } : {}),
  };
}

/**
 * Nothing within the radius: the nearest match beyond it, the smallest radius that reaches it and
 * how many matches within NEAREST_GROUP_MILES of it that radius takes in, as the API answers.
 */
function mockNearest(
  inScope: (item: SampleItem) => boolean,
  filters: BrowseFilters,
  today: IsoDate,
  near: NearAnswer,
): NearestMatches | undefined {
  if (near.radiusMiles === null) return undefined;
  const candidates = SAMPLE_ITEMS.filter((i) => inScope(i) && passesFilters(i, filters, today)).map((item) => ({
    item,
    point: samplePublicPoint(item),
    metres: distanceMetres(near, samplePublicPoint(item)),
  }));
  const first = candidates.reduce<(typeof candidates)[number] | undefined>(
    (best, c) => (best === undefined || c.metres < best.metres || (c.metres === best.metres && newer(c.item, best.item) < 0) ? c : best),
    undefined,
  );
  if (!first) return undefined;
  const radius = radiusReaching(first.metres);
  const reach = radius === undefined ? Infinity : radius * METRES_PER_MILE;
  const group = NEAREST_GROUP_MILES * METRES_PER_MILE;
  const total = candidates.filter((c) => c.metres <= reach && distanceMetres(first.point, c.point) <= group).length;
  return { city: first.item.city, distanceMiles: roundedMiles(first.metres), radiusMiles: radius ?? null, total };
}

/** Every item in scope that passes the filters, in order, with the place and the distances they were measured by. */
export function mockMatches(inScope: (item: SampleItem) => boolean, filters: BrowseFilters, today: IsoDate) {
  const near = filters.near ? mockNear(filters.near, filters.radiusMiles) : undefined;
  const distance = (item: SampleItem): number | null => (near ? distanceMetres(near, samplePublicPoint(item)) : null);
  const plan = mockSearchPlan(filters);
  const sort = effectiveSort(filters);
  const radius = near?.radiusMiles == null ? undefined : near.radiusMiles * METRES_PER_MILE;
  const scores = new Map<string, number>();
  const found = SAMPLE_ITEMS.filter((i) => {
    if (!inScope(i) || !passesFilters(i, filters, today) || (radius !== undefined && distance(i)! > radius)) return false;
    if (plan.clauses.length === 0) return true;
    const score = mockScore(i, plan);
    if (score === null) return false;
    scores.set(i.key, score);
    return true;
  });
  // With words, Best match orders by how well they match first (as the API does); the other orders ignore it.
  const order = orderBy(sort, distance);
  found.sort(sort === 'relevance' ? (a, b) => (scores.get(b.key) ?? 0) - (scores.get(a.key) ?? 0) || order(a, b) : order);
  return { found, near, sort, distance, plan };
}

/**
 * With words and no match: how many would match with each filter that excludes them removed (the
 * distance widened to the next that finds some, else any), as the API answers.
 */
function mockRelaxations(
  inScope: (item: SampleItem) => boolean,
  filters: BrowseFilters,
  today: IsoDate,
  scoped: boolean,
): BrowseRelaxation[] {
  const count = (f: BrowseFilters, scope = inScope) => mockMatches(scope, f, today).found.length;
  const out: BrowseRelaxation[] = [];
  const { maxPricePence, minRating, startDate, radiusMiles } = filters;
  const tryWithout = (filter: BrowseRelaxation['filter'], f: BrowseFilters, scope = inScope) => {
    const total = count(f, scope);
    if (total > 0) out.push({ filter, total });
  };
  if (maxPricePence !== undefined) tryWithout('maxPrice', { ...filters, maxPricePence: undefined });
  if (minRating !== undefined) tryWithout('minRating', { ...filters, minRating: undefined });
  if (startDate !== undefined) tryWithout('dates', { ...filters, startDate: undefined, endDate: undefined });
  if (radiusMiles !== undefined) {
    const wider = [...RADIUS_MILES_OPTIONS.filter((r) => r > radiusMiles), undefined];
    for (const r of wider) {
      const total = count({ ...filters, radiusMiles: r });
      if (total > 0) {
        out.push({ filter: 'radius', radiusMiles: r ?? null, total });
        break;
      }
    }
  }
  if (scoped) tryWithout('category', filters, () => true);
  return out;
}

/** One page of a category ('all' = every category), or null for an unknown category. */
export function mockItemsPage(categoryId: string, filters: BrowseFilters, today: IsoDate): ItemsPage | null {
  const name = categoryName(categoryId);
  const category =
    categoryId === ALL_CATEGORY_ID
      ? { ...ALL_ITEMS_CATEGORY }
      : name === undefined
        ? null
        : { id: categoryId, name, description: CATEGORIES.find((c) => c.id === categoryId)!.description };
  if (!category) return null;
  return mockPage(
    category,
    (i) => categoryId === ALL_CATEGORY_ID || i.categoryId === categoryId,
    filters,
    today,
    categoryId !== ALL_CATEGORY_ID,
  );
}

/** The map of a browse, as the API's: public points of up to 500 matches, in the browse's order; null for an unknown category. */
export function mockMapPoints(categoryId: string, filters: BrowseFilters, today: IsoDate): MapPoints | null {
  if (categoryId !== ALL_CATEGORY_ID && categoryName(categoryId) === undefined) return null;
  const { found, near, distance } = mockMatches((i) => categoryId === ALL_CATEGORY_ID || i.categoryId === categoryId, filters, today);
  return {
    points: found.slice(0, 500).map((item) => ({
      id: item.key,
      name: item.name,
      dailyRatePence: item.dailyRatePence,
      ...(publicCoordinates(samplePublicPoint(item)) as GeoPoint),
      ...(near ? { distanceMiles: roundedMiles(distance(item)!) } : {}),
    })),
    more: found.length > 500,
    ...(near ? { near } : {}),
  };
}

/**
 * An item's detail, with booked ranges that end today or later; null for an unknown id. With the
 * browse's place (`near`, as in its address), its distance from there, as the API gives it.
 */
export function mockItemDetail(itemId: string, today: IsoDate, near?: string): ItemDetail | null {
  const item = sampleItem(itemId);
  if (!item) return null;
  const place = near ? readNear(near) : undefined;
  if (place === null) throw new AppError('VALIDATION', NEAR_MESSAGE, 'near');
  const origin = place ? mockNear(place, undefined) : undefined;
  return {
    id: item.key,
    name: item.name,
    description: item.description,
    categoryId: item.categoryId,
    categoryName: categoryName(item.categoryId) ?? item.categoryId,
    dailyRatePence: item.dailyRatePence,
    minDays: item.minDays,
    maxDays: item.maxDays,
    available: true,
    // As the API answers anyone but the owner: the town, the postcode district and an approximate point.
    location: publicLocation(item, samplePublicPoint(item)),
    owner: ownerSummary(item.ownerKey),
    images: Array.from({ length: SAMPLE_IMAGE_COUNT }, (_, i) => image(item, i)),
    bookedRanges: blockedRanges(item.key, today).filter((r) => compareDates(r.endDate, today) >= 0),
    ...(origin ? { distanceMiles: roundedMiles(distanceMetres(origin, samplePublicPoint(item))) } : {}),
  };
}

/** Suggestions while typing, as the API gives them: categories whose name has a word beginning so, then item names matching best first. */
export function mockSuggestions(query: string): SearchSuggestions {
  const plan = mockSearchPlan({ search: query });
  const words = plan.clauses.flatMap((c) => c.typed);
  const categories = words.length === 0 ? [] : CATEGORIES.filter((c) => words.every((w) => wordsOf(c.name).some((n) => n.startsWith(w))));
  const items =
    plan.clauses.length === 0
      ? []
      : SAMPLE_ITEMS.map((item) => ({ item, score: mockScore(item, plan) }))
          .filter((m): m is { item: SampleItem; score: number } => m.score !== null)
          .sort((a, b) => b.score - a.score || newer(a.item, b.item));
  const suggestions: SearchSuggestion[] = [
    ...categories.map((c) => ({ kind: 'category' as const, id: c.id, label: c.name, categoryId: c.id })),
    ...items.map(({ item }) => ({ kind: 'item' as const, id: item.key, label: item.name, categoryId: item.categoryId })),
  ];
  return { query, suggestions: suggestions.slice(0, MAX_SUGGESTIONS) };
}

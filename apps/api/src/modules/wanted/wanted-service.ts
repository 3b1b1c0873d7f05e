import {
  ALL_CATEGORY_ID,
  AppError,
  CATEGORIES,
  daysInclusive,
  firstName,
  isUkPostcode,
  lineTotalPence,
  readWantedPrice,
  readWantedRadius,
  roundedMiles,
  todayInLondon,
  WANTED_ALREADY_OFFERED_MESSAGE,
  WANTED_ITEM_UNLISTED_MESSAGE,
  WANTED_NOT_OPEN_MESSAGE,
  WANTED_OPEN_LIMIT_MESSAGE,
  WANTED_OPEN_MAX,
  WANTED_OWN_POST_MESSAGE,
  WANTED_PER_DAY_MESSAGE,
  WANTED_POSTS_PER_DAY,
  WANTED_PRICE_MESSAGE,
  WANTED_RADIUS_MESSAGE,
  wantedDatesProblem,
  type GeoPoint,
} from '@toolshed/core';
import {
  pageOffset,
  type PageRequest,
  type WantedInput,
  type WantedOffer,
  type WantedPage,
  type WantedPost,
  type WantedStatus,
} from '@toolshed/core/contract';
import type { Db, Executor } from '../../db/database.ts';
import { isRowId } from '../../db/ids.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { OfferRow, WantedRepository, WantedRow } from './wanted-repository.ts';

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Wanted post not found');
const miles = (metres: number | null) => (metres === null ? null : roundedMiles(Number(metres)));

/**
 * What a post may say of its place: the geocoder's label, with a full postcode cut to its district
 * ('LS6 2AB' -> 'LS6'), so no answer narrows the author down to a street.
 */
export function publicPlaceLabel(label: string): string {
  return label.replace(/\b([A-Z]{1,2}\d[A-Z\d]?) ?\d[A-Z]{2}\b/gi, (code: string, outward: string) =>
    isUkPostcode(code) ? outward.toUpperCase() : code,
  );
}

export function statusOf(row: Pick<WantedRow, 'closed' | 'endDate'>, today: string): WantedStatus {
  if (row.closed) return 'closed';
  return row.endDate < today ? 'expired' : 'open';
}

export interface WantedDeps {
  db: Db;
  repo: WantedRepository;
  storage: FileStorage;
  now: () => Date;
  /** Where the location box's text is, as browsing reads it. */
  origin: (near: string) => Promise<GeoPoint & { label: string }>;
  /** In the transaction that writes a post: its owners are found and told on the job queue. */
  posted: (executor: Executor, postId: string) => Promise<void>;
  /** Tells the author of an offer, in the offer's transaction. */
  offered: (executor: Executor, offer: { offerId: string; post: WantedRow; ownerName: string; itemName: string }) => Promise<void>;
}

function toPost(row: WantedRow, viewerId: string, today: string): WantedPost {
  return {
    id: row.id,
    title: row.title,
    details: row.details,
    categoryId: row.categoryId ?? ALL_CATEGORY_ID,
    categoryName: row.categoryName,
    placeLabel: publicPlaceLabel(row.placeLabel),
    radiusMiles: row.radiusMiles,
    startDate: row.startDate,
    endDate: row.endDate,
    maxPricePence: row.maxPricePence,
    status: statusOf(row, today),
    authorName: firstName(row.authorName),
    mine: row.userId === viewerId,
    createdAt: new Date(row.createdAt).toISOString(),
    offerCount: Number(row.offerCount),
    ...(row.distanceMetres !== null && { distanceMiles: miles(row.distanceMetres) }),
  };
}

function toOffer(row: OfferRow, days: number, storage: FileStorage): WantedOffer {
  return {
    id: row.id,
    itemId: row.itemId,
    itemName: row.itemName,
    categoryId: row.categoryId,
    ownerName: firstName(row.ownerName),
    photoUrl: row.photoThumbKey ? storage.url(row.photoThumbKey) : null,
    dailyRatePence: row.dailyRatePence,
    weeklyRatePence: row.weeklyRatePence,
    bookingMode: row.bookingMode,
    minDays: row.minDays,
    maxDays: row.maxDays,
    totalPence: lineTotalPence(row.dailyRatePence, days, row.weeklyRatePence),
    distanceMiles: miles(row.distanceMetres),
    offeredAt: new Date(row.offeredAt).toISOString(),
  };
}

/** A new post's category, radius, dates and price as the rules allow them (the server's copy of the form's checks). */
function readPostInput(input: WantedInput, today: string) {
  const categoryId = input.categoryId === ALL_CATEGORY_ID ? null : input.categoryId;
  if (categoryId !== null && !CATEGORIES.some((c) => c.id === categoryId))
    throw new AppError('VALIDATION', 'There is no such category', 'categoryId');
  const radiusMiles = readWantedRadius(input.radius);
  if (radiusMiles === null) throw new AppError('VALIDATION', WANTED_RADIUS_MESSAGE, 'radius');
  const dates = wantedDatesProblem(input.startDate, input.endDate, today);
  if (dates) throw new AppError('VALIDATION', dates.message, dates.field);
  const maxPricePence = readWantedPrice(input.maxPrice);
  if (maxPricePence === 'invalid') throw new AppError('VALIDATION', WANTED_PRICE_MESSAGE, 'maxPrice');
  return { categoryId, radiusMiles, maxPricePence };
}

/** Writes a post within the author's limits (a day's and the open ones), its owners told on the job queue; its id. */
async function insertPost(deps: WantedDeps, userId: string, input: WantedInput, today: string): Promise<string> {
  const { db, repo, now } = deps;
  const fields = readPostInput(input, today);
  const place = await deps.origin(input.near.trim());
  const at = now();
  return db.transaction(async (tx) => {
    await repo.lockAuthor(tx, userId);
    const counts = await repo.counts(tx, userId, at, today);
    if (counts.today >= WANTED_POSTS_PER_DAY) throw new AppError('RATE_LIMITED', WANTED_PER_DAY_MESSAGE);
    if (counts.open >= WANTED_OPEN_MAX) throw new AppError('CONFLICT', WANTED_OPEN_LIMIT_MESSAGE);
    const postId = await repo.insert(tx, {
      userId,
      title: input.title,
      details: input.details ? input.details : null,
      ...fields,
      placeLabel: place.label,
      latitude: place.latitude,
      longitude: place.longitude,
      startDate: input.startDate,
      endDate: input.endDate,
      createdAt: at,
    });
    await deps.posted(tx, postId);
    return postId;
  });
}

/** An owner offers one of their listed items for an open post of someone else, once per item. */
async function offerItem(deps: WantedDeps, today: string, offer: { ownerId: string; ownerName: string; id: string; itemId: string }) {
  const { db, repo, now } = deps;
  const { ownerId, ownerName, id, itemId } = offer;
  const post = isRowId(id) ? await repo.find(id) : undefined;
  if (!post) throw NOT_FOUND();
  if (post.userId === ownerId) throw new AppError('CONFLICT', WANTED_OWN_POST_MESSAGE);
  // Someone either of them has blocked cannot reach the other through a post.
  if (await repo.blocked(post.userId, ownerId)) throw NOT_FOUND();
  if (statusOf(post, today) !== 'open') throw new AppError('CONFLICT', WANTED_NOT_OPEN_MESSAGE);
  const item = isRowId(itemId) ? await repo.ownItem(ownerId, itemId) : undefined;
  if (!item) throw new AppError('NOT_FOUND', 'Item not found', 'itemId');
  if (!item.listed) throw new AppError('CONFLICT', WANTED_ITEM_UNLISTED_MESSAGE, 'itemId');
  await db.transaction(async (tx) => {
    const offerId = await repo.insertOffer(tx, post.id, itemId, ownerId, now());
    if (!offerId) throw new AppError('CONFLICT', WANTED_ALREADY_OFFERED_MESSAGE, 'itemId');
    await deps.offered(tx, { offerId, post, ownerName, itemName: item.name });
  });
}

/** Wanted posts: a member asks, owners near the place offer their listed items, the author books one. */
export function createWantedService(deps: WantedDeps) {
  const { repo, storage, now, origin } = deps;
  const today = () => todayInLondon(now());
  const placeOf = async (near: string | undefined): Promise<GeoPoint | null> => (near?.trim() ? origin(near.trim()) : null);

  return {
    async create(userId: string, input: WantedInput): Promise<WantedPost> {
      const id = await insertPost(deps, userId, input, today());
      return toPost((await repo.find(id))!, userId, today());
    },

    /** Open posts for owners to browse, nearest first when a place is given. */
    async listOpen(viewerId: string, query: PageRequest & { near?: string | undefined; radius?: string | undefined }): Promise<WantedPage> {
      const radius = query.radius?.trim() ? readWantedRadius(query.radius) : null;
      if (query.radius?.trim() && radius === null) throw new AppError('VALIDATION', WANTED_RADIUS_MESSAGE, 'radius');
      const near = await placeOf(query.near);
      const { rows, total } = await repo.openPage(viewerId, today(), near, radius, pageOffset(query), query.pageSize);
      return { posts: rows.map((r) => toPost(r, viewerId, today())), page: query.page, pageSize: query.pageSize, total };
    },

    async mine(userId: string, page: PageRequest): Promise<WantedPage> {
      const { rows, total } = await repo.minePage(userId, pageOffset(page), page.pageSize);
      return { posts: rows.map((r) => toPost(r, userId, today())), ...page, total };
    },

    /** The post; its offers for its author alone; for anyone else, their listed items to offer while it is open. */
    async get(viewerId: string, id: string, near?: string): Promise<WantedPost> {
      const found = isRowId(id) ? await repo.find(id) : undefined;
      if (!found || (found.userId !== viewerId && (await repo.blocked(found.userId, viewerId)))) throw NOT_FOUND();
      const place = await placeOf(near);
      const row = place ? ((await repo.find(id, place)) ?? found) : found;
      const post = toPost(row, viewerId, today());
      if (post.mine) {
        const days = daysInclusive(row.startDate, row.endDate);
        return { ...post, offers: (await repo.offers(row.id)).map((o) => toOffer(o, days, storage)) };
      }
      if (post.status !== 'open') return post;
      const items = await repo.offerable(row.id, viewerId);
      return {
        ...post,
        yourItems: items.map((i) => ({
          itemId: i.itemId,
          name: i.name,
          dailyRatePence: i.dailyRatePence,
          distanceMiles: miles(i.distanceMetres),
          offered: i.offered,
        })),
      };
    },

    /** The author closes the post; anyone else's is not found. */
    async close(userId: string, id: string): Promise<WantedPost> {
      if (!isRowId(id) || !(await repo.close(userId, id, now()))) throw NOT_FOUND();
      return toPost((await repo.find(id))!, userId, today());
    },

    offer: (ownerId: string, ownerName: string, id: string, itemId: string) => offerItem(deps, today(), { ownerId, ownerName, id, itemId }),
  };
}

export type WantedService = ReturnType<typeof createWantedService>;

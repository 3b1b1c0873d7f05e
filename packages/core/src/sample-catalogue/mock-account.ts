/**
 * Mock Data mode's sample of the account screens (issue 44): a few wanted posts, saved items and
 * saved searches, shaped exactly like the API's answers, for the wanted board, a wanted post, "My
 * wanted posts", the Saved page and the saved searches page to show read-only. Nothing here belongs
 * to anyone: the sample "own" posts are marked as the visitor's only to show that screen's shape.
 */
import { categoryName } from '../categories.ts';
import type { SavedItem } from '../contract/saved-items.ts';
import type { SavedSearch } from '../contract/saved-searches.ts';
import type { WantedPost } from '../contract/wanted.ts';
import { addDays, type IsoDate } from '../dates.ts';
import { postcodeDistrict } from '../public-location.ts';
import { sampleItem } from './lookups.ts';
import { sampleImageDataUrl } from './sample-images.ts';
import type { SampleItem } from './types.ts';

const SAVED_KEYS = ['garden-mower-1', 'power-drill-1', 'garden-hedge-trimmer-2'];

interface SampleAsk {
  id: string;
  title: string;
  details: string | null;
  categoryId: string;
  /** The sample item whose town the ask is near. */
  nearKey: string;
  radiusMiles: number;
  startIn: number;
  days: number;
  maxPricePence: number | null;
  authorName: string;
  /** The sample's own posts ("My wanted posts"): their status and offers; the board's are open, with none. */
  own?: { status: WantedPost['status']; offerCount: number };
}

const ASKS: SampleAsk[] = [
  {
    id: 'sample-wanted-1',
    title: 'Pressure washer for a patio',
    details: 'Just for a weekend: the patio and the garden path.',
    categoryId: 'cleaning-equipment',
    nearKey: 'garden-mower-1',
    radiusMiles: 5,
    startIn: 4,
    days: 2,
    maxPricePence: 2500,
    authorName: 'Amira',
  },
  {
    id: 'sample-wanted-2',
    title: 'Gazebo for a garden party',
    details: null,
    categoryId: 'party-supplies',
    nearKey: 'power-drill-1',
    radiusMiles: 10,
    startIn: 9,
    days: 1,
    maxPricePence: null,
    authorName: 'Tom',
  },
  {
    id: 'sample-wanted-3',
    title: 'Long ladder, 4 metres or more',
    details: 'To clear the gutters on a two-storey house.',
    categoryId: 'all',
    nearKey: 'garden-hedge-trimmer-2',
    radiusMiles: 3,
    startIn: 6,
    days: 3,
    maxPricePence: 1500,
    authorName: 'Grace',
  },
];

/** "My wanted posts" in the sample: one open with offers, one that ended. */
const OWN_ASKS: SampleAsk[] = [
  {
    id: 'sample-my-wanted-1',
    title: 'Carpet cleaner for a weekend',
    details: 'For a living room and the stairs.',
    categoryId: 'cleaning-equipment',
    nearKey: 'power-drill-1',
    radiusMiles: 5,
    startIn: 3,
    days: 2,
    maxPricePence: 3000,
    authorName: 'You',
    own: { status: 'open', offerCount: 2 },
  },
  {
    id: 'sample-my-wanted-2',
    title: 'Tile cutter',
    details: null,
    categoryId: 'all',
    nearKey: 'power-drill-1',
    radiusMiles: 10,
    startIn: -12,
    days: 3,
    maxPricePence: null,
    authorName: 'You',
    own: { status: 'expired', offerCount: 0 },
  },
];

function itemOf(key: string): SampleItem {
  const item = sampleItem(key);
  if (!item) throw new Error(`The sample catalogue has no item ${key}`);
  return item;
}

/** The place a post shows: the postcode district, never an address. */
function placeOf(item: SampleItem): string {
  return postcodeDistrict(item.postcode) ?? item.city;
}

function postOf(ask: SampleAsk, today: IsoDate): WantedPost {
  const startDate = addDays(today, ask.startIn);
  return {
    id: ask.id,
    title: ask.title,
    details: ask.details,
    categoryId: ask.categoryId,
    categoryName: categoryName(ask.categoryId) ?? null,
    placeLabel: placeOf(itemOf(ask.nearKey)),
    radiusMiles: ask.radiusMiles,
    startDate,
    endDate: addDays(startDate, ask.days - 1),
    maxPricePence: ask.maxPricePence,
    status: ask.own?.status ?? 'open',
    authorName: ask.authorName,
    mine: ask.own !== undefined,
    createdAt: `${addDays(today, Math.min(-1, ask.startIn - 2))}T09:00:00.000Z`,
    offerCount: ask.own?.offerCount ?? 0,
  };
}

/** The wanted board's sample posts, their dates a few days from `today`. */
export function mockWantedPosts(today: IsoDate): WantedPost[] {
  return ASKS.map((ask) => postOf(ask, today));
}

/** "My wanted posts" in the sample, newest first: open, then ended. */
export function mockMyWantedPosts(today: IsoDate): WantedPost[] {
  return OWN_ASKS.map((ask) => postOf(ask, today));
}

/** One sample post (the board's or the sample's own), or null for an id that is not one. */
export function mockWantedPost(id: string, today: IsoDate): WantedPost | null {
  const ask = [...ASKS, ...OWN_ASKS].find((a) => a.id === id);
  return ask ? postOf(ask, today) : null;
}

/** The Saved page's sample: a few listed items of the sample catalogue. */
export function mockSavedItems(today: IsoDate): SavedItem[] {
  return SAVED_KEYS.map((key, i) => {
    const item = itemOf(key);
    return {
      itemId: item.key,
      name: item.name,
      savedAt: `${addDays(today, -(i + 2))}T18:30:00.000Z`,
      listed: true,
      categoryId: item.categoryId,
      dailyRatePence: item.dailyRatePence,
      imageUrl: sampleImageDataUrl(item, 0),
      city: item.city,
      availability: null,
    };
  });
}

/** The saved searches page's sample: one instant, one daily digest. */
export function mockSavedSearches(today: IsoDate): SavedSearch[] {
  const near = itemOf('garden-mower-1');
  const place = placeOf(near);
  return [
    {
      id: 'sample-search-1',
      name: `Hedge trimmer near ${place}`,
      categoryId: 'garden-tools',
      categoryName: categoryName('garden-tools') ?? null,
      search: 'hedge trimmer',
      maxPricePence: null,
      minRating: null,
      near: place,
      placeLabel: place,
      radiusMiles: 5,
      frequency: 'instant',
      paused: false,
      createdAt: `${addDays(today, -6)}T10:00:00.000Z`,
      newMatches: 0,
      path: `/category/garden-tools?search=hedge+trimmer&near=${encodeURIComponent(place)}&radius=5`,
    },
    {
      id: 'sample-search-2',
      name: 'Camping gear up to £15 a day',
      categoryId: 'camping-gear',
      categoryName: categoryName('camping-gear') ?? null,
      search: null,
      maxPricePence: 1500,
      minRating: null,
      near: null,
      placeLabel: null,
      radiusMiles: null,
      frequency: 'daily',
      paused: false,
      createdAt: `${addDays(today, -12)}T10:00:00.000Z`,
      newMatches: 2,
      path: '/category/camping-gear?maxPrice=15',
    },
  ];
}

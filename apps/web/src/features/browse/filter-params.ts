import { readBrowseFilters, type RawBrowseFilters } from '@toolshed/core';
import type { BrowseRelaxation } from '@toolshed/core/contract';

/** The filters kept in the category URL's query, so a filtered view can be shared and revisited. */
export const FILTER_KEYS = ['search', 'maxPrice', 'startDate', 'endDate', 'minRating'] as const;
/**
 * Where the browse is centred and how far it reaches, and the order: in the URL too, but not
 * 'filters' of what is wanted (the welcome stays, and 'Clear filters' keeps them).
 */
export const PLACE_KEYS = ['near', 'radius'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number] | (typeof PLACE_KEYS)[number] | 'sort';

function value(params: URLSearchParams, key: string): string | undefined {
  const v = params.get(key);
  return v === null || v === '' ? undefined : v;
}

/** The same reading as the server's, so a page it embedded in the HTML is found under this address's key. */
export function readFilters(params: URLSearchParams): RawBrowseFilters {
  return readBrowseFilters(params);
}

/**
 * A changed filter starts again from page 1, because the old page number means nothing for new results.
 * New words are read afresh: 'as typed' was asked of the words before them.
 */
export function withFilter(params: URLSearchParams, key: FilterKey, next: string): URLSearchParams {
  const out = new URLSearchParams(params);
  if (next.trim() === '') out.delete(key);
  else out.set(key, next);
  if (key === 'search') out.delete(AS_TYPED_KEY);
  out.delete('page');
  return out;
}

/** The address key of 'match the words as typed' (no word read as a near spelling). */
export const AS_TYPED_KEY = 'asTyped';

/** The same search with its words as typed ('Search for ... instead'), from page 1. */
export function withSearchAsTyped(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(params);
  out.set(AS_TYPED_KEY, 'true');
  out.delete('page');
  return out;
}

/**
 * The browse without the filter that kept a search's matches out, or with the distance widened
 * (null: any distance). Without a category the browse is All Items: that path is the caller's.
 */
export function withRelaxation(params: URLSearchParams, relaxation: BrowseRelaxation): URLSearchParams {
  switch (relaxation.filter) {
    case 'maxPrice':
      return withFilter(params, 'maxPrice', '');
    case 'minRating':
      return withFilter(params, 'minRating', '');
    case 'dates':
      return withFilter(withFilter(params, 'startDate', ''), 'endDate', '');
    case 'radius':
      return withFilter(params, 'radius', relaxation.radiusMiles == null ? '' : String(relaxation.radiusMiles));
    case 'category':
      return withPage(params, 1);
  }
}

/**
 * A new place (or none): the radius goes with the place it was chosen around when the place is
 * removed, and so does an order that needs one (nearest first).
 */
export function withPlace(params: URLSearchParams, near: string, radius?: string): URLSearchParams {
  const out = withFilter(params, 'near', near);
  if (near.trim() === '') {
    out.delete('radius');
    if (out.get('sort') === 'nearest') out.delete('sort');
  } else if (radius !== undefined) {
    if (radius === '') out.delete('radius');
    else out.set('radius', radius);
  }
  return out;
}

/** How results are shown: a list of cards (pages) or a map (the first 500 matches). */
export type BrowseView = 'list' | 'map';

export function withView(params: URLSearchParams, view: BrowseView): URLSearchParams {
  const out = new URLSearchParams(params);
  if (view === 'map') out.set('view', 'map');
  else out.delete('view');
  return out;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const out = new URLSearchParams(params);
  if (page <= 1) out.delete('page');
  else out.set('page', String(page));
  return out;
}

/** Drops every filter and the page; unrelated parameters stay. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const key of FILTER_KEYS) out.delete(key);
  out.delete(AS_TYPED_KEY);
  out.delete('page');
  return out;
}

export function hasFilters(params: URLSearchParams): boolean {
  return FILTER_KEYS.some((key) => value(params, key) !== undefined);
}

/** '?a=b' or '' for building links that keep the current query. */
export function toSearch(params: URLSearchParams): string {
  const s = params.toString();
  return s ? `?${s}` : '';
}

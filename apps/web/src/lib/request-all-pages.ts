import { LIST_MAX_PAGE_SIZE } from '@toolshed/core/contract';
import { requestJson } from './request-json.ts';

/** Enough for any owner or renter we know of; a list longer than this many pages is cut, not fetched forever. */
const MAX_PAGES = 20;

/**
 * Every entry of a paged list (`page`, `pageSize`, `total` in each answer), in the largest pages
 * the API answers: for screens that show the whole list at once (My rentals, My items).
 */
export async function requestAllPages<T, K extends string>(path: string, key: K, signal?: AbortSignal): Promise<T[]> {
  const all: T[] = [];
  const join = path.includes('?') ? '&' : '?';
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await requestJson<Record<K, T[]> & { total?: number }>(
      'GET',
      `${path}${join}page=${page}&pageSize=${LIST_MAX_PAGE_SIZE}`,
      undefined,
      signal,
    );
    const entries = body[key];
    all.push(...entries);
    // An answer without a total is the whole list (an older server).
    if (body.total === undefined || entries.length < LIST_MAX_PAGE_SIZE || all.length >= body.total) break;
  }
  return all;
}

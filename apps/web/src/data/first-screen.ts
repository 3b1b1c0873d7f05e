import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '@toolshed/core';
import { CATEGORIES_STALE_MS, categoriesKey } from './get-categories.ts';
import { ITEM_STALE_MS, itemKey } from './item-key.ts';
import { ITEMS_STALE_MS, itemsKey } from './get-items.ts';

/**
 * Reads the first screen's data the server put in the HTML, once, and removes the element. A page
 * under the service worker's control is its stored copy of an earlier page's HTML (the worker answers
 * every page load from it, and offline the app must fall back to Mock Data), so its data is not used;
 * nor is data older than the categories' freshness. The app then asks the API as it always did.
 */
export function takeFirstScreen(doc: Document, now: number, fromWorkerCache: boolean): FirstScreenData | null {
  const element = doc.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  if (fromWorkerCache) return null;
  try {
    const data = JSON.parse(element.textContent ?? '') as FirstScreenData;
    if (typeof data.at !== 'number' || !Array.isArray(data.categories?.categories)) return null;
    return now - data.at <= CATEGORIES_STALE_MS ? data : null;
  } catch {
    return null;
  }
}

let pageData: FirstScreenData | null | undefined;

/** This page's embedded data, read from the document the first time it is asked for. */
export function firstScreenOfPage(): FirstScreenData | null {
  if (pageData === undefined) {
    const controlled = typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
    pageData = typeof document === 'undefined' ? null : takeFirstScreen(document, Date.now(), controlled);
  }
  return pageData;
}

/**
 * Puts the data in the query cache under the keys the browse hooks use, as fetched when the server
 * read it, so each part stays fresh only for what is left of its own freshness.
 */
export function seedFirstScreen(client: QueryClient, data: FirstScreenData, now: number): void {
  // A server clock ahead of this one must not make the data look fresher than it is.
  const updatedAt = Math.min(data.at, now);
  const fresh = (staleMs: number) => now - updatedAt < staleMs;
  if (fresh(CATEGORIES_STALE_MS)) client.setQueryData(categoriesKey, data.categories, { updatedAt });
  if (data.items && fresh(ITEMS_STALE_MS)) {
    client.setQueryData(itemsKey(data.items.categoryId, data.items.query), data.items.page, { updatedAt });
  }
  if (data.item && fresh(ITEM_STALE_MS)) client.setQueryData(itemKey(data.item.id), data.item, { updatedAt });
}

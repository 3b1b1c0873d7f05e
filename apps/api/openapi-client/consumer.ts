/**
 * What a client generated from the OpenAPI document (openapi-typescript) can rely on. Compiled by
 * scripts/check-openapi.mjs against the document of the moment: a renamed operation, a field dropped
 * from an answer or a parameter whose type changes fails the check.
 */
import type { components, operations } from './toolshed-api.ts';

type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** One error shape for every operation. */
export const notFound: components['schemas']['Error'] = { error: { code: 'NOT_FOUND', message: 'Item not found' } };
export const refusedOnBrowse: JsonOf<operations['browseItems']['responses'][400]> = notFound;
export const refusedOnRentals: JsonOf<operations['listMyRentals']['responses'][401]> = notFound;

/** A browse answer: its items with their prices in pence, and the paging. */
export function firstItemPrice(page: JsonOf<operations['browseItems']['responses'][200]>): number | undefined {
  const { items, total, pageSize } = page;
  return total > 0 && pageSize > 0 ? items[0]?.dailyRatePence : undefined;
}

/** Paging parameters are integers in every list. */
export const browseQuery: QueryOf<operations['browseItems']> = { page: 2, pageSize: 24 };
export const rentalsQuery: QueryOf<operations['listMyRentals']> = { page: 1, pageSize: 50 };
export const notificationsQuery: QueryOf<operations['listNotifications']> = { tab: 'items', page: 1, pageSize: 20 };
export const myItemsQuery: QueryOf<operations['listMyItems']> = { page: 1, pageSize: 20 };
// @ts-expect-error pageSize is an integer, not a string
export const stringPageSize: QueryOf<operations['browseItems']> = { pageSize: '24' };

/** The lists that grow are paged: each page says where it is. */
export function pagesLeft(
  page:
    | JsonOf<operations['listMyRentals']['responses'][200]>
    | JsonOf<operations['listNotifications']['responses'][200]>
    | JsonOf<operations['listMyItems']['responses'][200]>,
): number {
  return Math.max(0, Math.ceil(page.total / page.pageSize) - page.page);
}

/** Each list's entries under their own name. */
export const rentalIds = (page: JsonOf<operations['listMyRentals']['responses'][200]>): string[] => page.rentals.map((r) => r.id);
export const myItemNames = (page: JsonOf<operations['listMyItems']['responses'][200]>): string[] => page.items.map((i) => i.name);
export const entryKeys = (page: JsonOf<operations['listNotifications']['responses'][200]>): string[] => page.entries.map((e) => e.groupKey);

import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ItemDetail, ItemInput } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

const itemPath = (itemId: string) => `/api/items/${encodeURIComponent(itemId)}`;

/**
 * One item as its owner sees it (also while it is not listed), to fill the edit form. Same key as
 * the popup's query: it is the same resource, so a save refreshes both.
 */
export function useOwnedItem(itemId: string): UseQueryResult<ItemDetail, Error> {
  return useQuery({ queryKey: ['item', itemId], queryFn: () => requestJson<ItemDetail>('GET', itemPath(itemId)) });
}

/** The server geocodes the address first; nothing is saved when that fails. */
export function createItem(input: ItemInput): Promise<ItemDetail> {
  return requestJson<ItemDetail>('POST', '/api/items', input);
}

export function updateItem(itemId: string, input: ItemInput): Promise<ItemDetail> {
  return requestJson<ItemDetail>('PUT', itemPath(itemId), input);
}

/** 409 with the server's reason while the item has upcoming or active rentals. */
export function deleteItem(itemId: string): Promise<void> {
  return requestJson<void>('DELETE', itemPath(itemId));
}

export function removeImage(itemId: string, imageId: string): Promise<ItemDetail> {
  return requestJson<ItemDetail>('DELETE', `${itemPath(itemId)}/images/${encodeURIComponent(imageId)}`);
}

/** Every photo once; the first is the cover. */
export function reorderImages(itemId: string, imageIds: string[]): Promise<ItemDetail> {
  return requestJson<ItemDetail>('PUT', `${itemPath(itemId)}/images/order`, { imageIds });
}

/**
 * A listing changed: My Items, the browse grids and counts, the item itself and owner pages may all
 * show it, so all of them load again when next shown.
 */
export async function refreshListings(queryClient: QueryClient, itemId?: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['my-items'] }),
    queryClient.invalidateQueries({ queryKey: ['items'] }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
    queryClient.invalidateQueries({ queryKey: ['owner'] }),
    ...(itemId ? [queryClient.invalidateQueries({ queryKey: ['item', itemId] })] : []),
  ]);
}

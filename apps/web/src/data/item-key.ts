// The item query's key and freshness, apart from the query itself (get-item.ts): the first page seeds
// a deep link's item under this key, and the popup that asks for it is a chunk of its own.

export const ITEM_STALE_MS = 30_000;

/** An item's cache key; with a place, its distance from there is part of the answer (`['item', id]` still prefixes it). */
export const itemKey = (itemId: string, near?: string) => (near ? (['item', itemId, near] as const) : (['item', itemId] as const));

import type { CategoriesResponse, ItemDetail, ItemsPage } from '@toolshed/core/contract';

/**
 * Reads the seeded catalogue straight from the API, so journeys choose their search words, prices
 * and dates from the data instead of hard-coding sample values that may change.
 */
export function createApiReader(baseUrl: string) {
  async function get<T>(path: string): Promise<T> {
    const res = await fetch(`${baseUrl}${path}`);
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }
  return {
    categories: () => get<CategoriesResponse>('/api/categories'),
    items(categoryId: string, filters: Record<string, string> = {}) {
      const query = new URLSearchParams({ pageSize: '100', ...filters });
      return get<ItemsPage>(`/api/categories/${encodeURIComponent(categoryId)}/items?${query}`);
    },
    item: (itemId: string) => get<ItemDetail>(`/api/items/${encodeURIComponent(itemId)}`),
  };
}

export type ApiReader = ReturnType<typeof createApiReader>;

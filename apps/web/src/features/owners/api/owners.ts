import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ItemsPage, OwnerProfile } from '@toolshed/core/contract';
import { useDataSource } from '../../../data/data-source.tsx';

/** Items per page on an owner's page: four rows of the widest grid. */
export const OWNER_PAGE_SIZE = 12;

/**
 * An owner's public profile with the reviews they received, from the API or the sample catalogue;
 * an ApiError with status 404 means 'Owner not found'.
 */
export function useOwner(ownerId: string, enabled: boolean): UseQueryResult<OwnerProfile, Error> {
  const { ready } = useDataSource();
  return useQuery({
    queryKey: ['owner', ownerId],
    queryFn: async ({ signal }) => (await ready).getOwner(ownerId, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** One page of the owner's listed items; the previous page stays shown while the next loads. */
export function useOwnerItems(ownerId: string, page: number, enabled: boolean): UseQueryResult<ItemsPage, Error> {
  const { ready } = useDataSource();
  return useQuery({
    queryKey: ['owner', ownerId, 'items', page],
    queryFn: async ({ signal }) => (await ready).getOwnerItems(ownerId, { page: String(page), pageSize: String(OWNER_PAGE_SIZE) }, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

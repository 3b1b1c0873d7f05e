import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ItemsPage, OwnerProfile } from '@toolshed/core/contract';
import { getJson } from '../../../lib/api-client.ts';

/** Items per page on an owner's page: four rows of the widest grid. */
export const OWNER_PAGE_SIZE = 12;

const ownerPath = (ownerId: string) => `/api/owners/${encodeURIComponent(ownerId)}`;

/** An owner's public profile with the reviews they received; 404 'Owner not found'. */
export function useOwner(ownerId: string, enabled: boolean): UseQueryResult<OwnerProfile, Error> {
  return useQuery({
    queryKey: ['owner', ownerId],
    queryFn: ({ signal }) => getJson<OwnerProfile>(ownerPath(ownerId), signal),
    enabled,
    staleTime: 30_000,
  });
}

/** One page of the owner's listed items; the previous page stays shown while the next loads. */
export function useOwnerItems(ownerId: string, page: number, enabled: boolean): UseQueryResult<ItemsPage, Error> {
  return useQuery({
    queryKey: ['owner', ownerId, 'items', page],
    queryFn: ({ signal }) => getJson<ItemsPage>(`${ownerPath(ownerId)}/items?page=${page}&pageSize=${OWNER_PAGE_SIZE}`, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

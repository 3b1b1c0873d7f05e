import { useMutation, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { RentalView } from '@toolshed/core/contract';
import { requestAllPages } from '../lib/request-all-pages.ts';
import { requestJson } from '../lib/request-json.ts';

/** Rentals of the signed-in user's items (the owner's side), newest first. */
export function useLentRentals(): UseQueryResult<RentalView[], Error> {
  return useQuery({
    queryKey: ['rentals', 'lent'],
    queryFn: ({ signal }) => requestAllPages<RentalView, 'rentals'>('/api/me/lent-rentals', 'rentals', signal),
    staleTime: 30_000,
  });
}

/** After a change to a rental: both sides' lists, the item's calendar, browsing, balances and reviews. */
export function afterRentalChange(queryClient: QueryClient, itemId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['rentals'] }),
    queryClient.invalidateQueries({ queryKey: ['my-items'] }),
    queryClient.invalidateQueries({ queryKey: ['item', itemId] }),
    queryClient.invalidateQueries({ queryKey: ['items'] }),
    queryClient.invalidateQueries({ queryKey: ['reviews'] }),
    queryClient.invalidateQueries({ queryKey: ['balance'] }),
    queryClient.invalidateQueries({ queryKey: ['owner'] }),
  ]);
}

/** The renter cancels, or the owner declines with a reason; answers the refund to the renter's balance. */
export function useCancelRental(rental: Pick<RentalView, 'id' | 'item'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | undefined) =>
      requestJson<{ refundPence: number }>(
        'POST',
        `/api/rentals/${encodeURIComponent(rental.id)}/cancel`,
        reason === undefined ? {} : { reason },
      ),
    onSuccess: () => afterRentalChange(queryClient, rental.item.id),
  });
}

/** Half stars from 0.5 to 5 and up to 1,000 characters; answers whether it shows yet. */
export function useSubmitReview(rental: Pick<RentalView, 'id' | 'item'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; comment: string }) =>
      requestJson<{ visible: boolean }>('POST', `/api/rentals/${encodeURIComponent(rental.id)}/review`, input),
    onSuccess: () => afterRentalChange(queryClient, rental.item.id),
  });
}

/**
 * The owner marks a rental returned (only once it has started). The item's calendar, the browse
 * results for dates and both sides' rental lists change with it.
 */
export function useMarkReturned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId }: { rentalId: string; itemId: string }) =>
      requestJson<void>('POST', `/api/rentals/${encodeURIComponent(rentalId)}/return`),
    onSuccess: (_, { itemId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['my-items'] }),
        queryClient.invalidateQueries({ queryKey: ['item', itemId] }),
        queryClient.invalidateQueries({ queryKey: ['items'] }),
        queryClient.invalidateQueries({ queryKey: ['rentals'] }),
      ]),
  });
}

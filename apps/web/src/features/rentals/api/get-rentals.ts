import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { RentalView } from '@toolshed/core/contract';
import { requestAllPages } from '../../../lib/request-all-pages.ts';
import { requestJson } from '../../../lib/request-json.ts';

/** The signed-in user's rentals as a renter, newest first. */
export function useMyRentals(): UseQueryResult<RentalView[], Error> {
  return useQuery({
    queryKey: ['rentals', 'mine'],
    queryFn: ({ signal }) => requestAllPages<RentalView, 'rentals'>('/api/me/rentals', 'rentals', signal),
    staleTime: 30_000,
  });
}

/** While the server finishes what an action started (a cancelled rental's deposit hold being released), look again this often. */
export const SETTLING_POLL_MS = 3_000;

/** A cancelled rental whose deposit hold is still being released: its page follows until it is. */
export const settling = (rental: RentalView | undefined) => rental?.status === 'cancelled' && (rental.depositHeldPence ?? 0) > 0;

/** One rental, for its renter or its owner; 404 'Rental not found.' otherwise. */
export function useRental(rentalId: string): UseQueryResult<RentalView, Error> {
  return useQuery({
    queryKey: ['rentals', 'one', rentalId],
    queryFn: () => requestJson<RentalView>('GET', `/api/rentals/${encodeURIComponent(rentalId)}`),
    staleTime: 30_000,
    // The release runs just after the cancellation, in the background: the page shows it without a reload.
    refetchInterval: (query) => (settling(query.state.data) ? SETTLING_POLL_MS : false),
  });
}

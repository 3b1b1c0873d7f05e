import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RentalView } from '@toolshed/core/contract';
import { afterRentalChange } from '../../../data/rental-actions.ts';
import { requestJson } from '../../../lib/request-json.ts';

/** The owner accepts a request to book (the renter's card is charged) or declines it with a reason. */
export function useAnswerRequest(rental: Pick<RentalView, 'id' | 'item'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { accept: true } | { accept: false; reason: string }) =>
      answer.accept
        ? requestJson<void>('POST', `/api/rentals/${encodeURIComponent(rental.id)}/accept`)
        : requestJson<void>('POST', `/api/rentals/${encodeURIComponent(rental.id)}/decline`, { reason: answer.reason }),
    onSuccess: () => afterRentalChange(queryClient, rental.item.id),
  });
}

/** The renter withdraws their request while it waits: the card authorisation is released and the dates freed. */
export function useWithdrawRequest(rental: Pick<RentalView, 'id' | 'item'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<void>('POST', `/api/rentals/${encodeURIComponent(rental.id)}/withdraw`),
    onSuccess: () => afterRentalChange(queryClient, rental.item.id),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RentalView } from '@toolshed/core/contract';
import { afterRentalChange } from '../../../data/rental-actions.ts';
import { requestJson } from '../../../lib/request-json.ts';

export interface ExtensionQuote {
  endDate: string;
  problem: string | null;
  price: { newLinePence: number; linePence: number; feePence: number; totalPence: number } | null;
  needsOwner: boolean;
  suggestions: Array<{ id: string; name: string; dailyRatePence: number; city: string | null; distanceMiles: number | null }>;
}

interface ExtendInput {
  endDate: string;
  payWith: 'card' | 'balance';
  card?: { number: string; expiry: string; cvv: string; name: string };
}

/** What running the rental on to `endDate` would cost, or why it cannot; asked once a date is chosen. */
export function useExtensionQuote(rentalId: string, endDate: string | null) {
  return useQuery({
    queryKey: ['rentals', 'extension', rentalId, endDate],
    queryFn: () =>
      requestJson<ExtensionQuote>('GET', `/api/rentals/${encodeURIComponent(rentalId)}/extension?endDate=${encodeURIComponent(endDate!)}`),
    enabled: endDate !== null,
    placeholderData: keepPreviousData,
  });
}

export function useExtendRental(rental: Pick<RentalView, 'id' | 'item'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExtendInput) =>
      requestJson<{ status: 'extended' | 'pending'; chargedPence: number }>(
        'POST',
        `/api/rentals/${encodeURIComponent(rental.id)}/extension`,
        input,
      ),
    onSuccess: () => afterRentalChange(queryClient, rental.item.id),
  });
}

/** The owner of a request item answers an extension. */
export function useAnswerExtension(rental: Pick<RentalView, 'id' | 'item'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { accept: true } | { accept: false; reason: string }) =>
      requestJson<void>(
        'POST',
        `/api/rentals/${encodeURIComponent(rental.id)}/extension/${answer.accept ? 'accept' : 'decline'}`,
        answer.accept ? {} : { reason: answer.reason },
      ),
    onSuccess: () => afterRentalChange(queryClient, rental.item.id),
  });
}

/** The renter withdraws their extension while it waits for the owner: nothing is charged and the extra days are freed. */
export function useWithdrawExtension(rental: Pick<RentalView, 'id' | 'item'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<void>('POST', `/api/rentals/${encodeURIComponent(rental.id)}/extension/withdraw`),
    onSuccess: () => afterRentalChange(queryClient, rental.item.id),
  });
}

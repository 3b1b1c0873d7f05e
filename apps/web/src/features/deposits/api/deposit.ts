import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ClaimInput, DepositView } from '@toolshed/core/contract';
import { requestJson, uploadFile } from '../../../lib/request-json.ts';

const depositKey = (rentalId: string) => ['rentals', 'deposit', rentalId];

/** A rental's deposit, late fee so far, what the signed-in party may report, and the claims. */
export function useDeposit(rentalId: string): UseQueryResult<DepositView, Error> {
  return useQuery({
    queryKey: depositKey(rentalId),
    queryFn: () => requestJson<DepositView>('GET', `/api/rentals/${encodeURIComponent(rentalId)}/deposit`),
    // The late fee grows by the day; a minute is fresh enough.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** Report, accept and dispute: each answers with the new view, which replaces the cached one. */
export function useClaimActions(rentalId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (view: DepositView) => {
    queryClient.setQueryData(depositKey(rentalId), view);
    // Balances and the transactions list move with a settled claim.
    void queryClient.invalidateQueries({ queryKey: ['balance'] });
  };
  return {
    report: useMutation({
      mutationFn: (input: ClaimInput) => requestJson<DepositView>('POST', `/api/rentals/${encodeURIComponent(rentalId)}/claims`, input),
      onSuccess,
    }),
    accept: useMutation({
      mutationFn: (claimId: string) => requestJson<DepositView>('POST', `/api/claims/${encodeURIComponent(claimId)}/accept`),
      onSuccess,
    }),
    dispute: useMutation({
      mutationFn: ({ claimId, reply }: { claimId: string; reply: string }) =>
        requestJson<DepositView>('POST', `/api/claims/${encodeURIComponent(claimId)}/dispute`, { reply }),
      onSuccess,
    }),
  };
}

/** Sends one photo of a claim (the API takes one file a request). */
const uploadClaimPhoto = (claimId: string, file: File): Promise<DepositView> =>
  uploadFile<DepositView>(`/api/claims/${encodeURIComponent(claimId)}/photos`, file, {
    network: 'The photo could not be sent. Please check your connection and try again.',
    failed: 'The photo could not be uploaded.',
  });

/** Uploads the chosen photos of a claim one after another; the view shown is the last answer. */
export function useAddClaimPhotos(rentalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ claimId, files }: { claimId: string; files: File[] }) => {
      for (const file of files) queryClient.setQueryData(depositKey(rentalId), await uploadClaimPhoto(claimId, file));
    },
  });
}

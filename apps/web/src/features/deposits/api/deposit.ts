import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ClaimInput, DepositView } from '@toolshed/core/contract';
import { ApiError } from '../../../lib/api-error.ts';
import { requestJson } from '../../../lib/request-json.ts';

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

/** Sends one photo of a claim as multipart form data (the API takes one file a request). */
async function uploadClaimPhoto(claimId: string, file: File): Promise<DepositView> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/claims/${encodeURIComponent(claimId)}/photos`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The photo could not be sent. Please check your connection and try again.');
  }
  const body = (await response.json().catch(() => undefined)) as
    (DepositView & { error?: { code: string; message: string; field?: string } }) | undefined;
  if (!response.ok) {
    const e = body?.error;
    throw e
      ? new ApiError(response.status, e.code, e.message, e.field)
      : new ApiError(response.status, `HTTP_${response.status}`, 'The photo could not be uploaded.');
  }
  if (!body) throw new ApiError(response.status, 'NOT_JSON', 'The server did not answer with JSON');
  return body;
}

/** Uploads the chosen photos of a claim one after another; the view shown is the last answer. */
export function useAddClaimPhotos(rentalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ claimId, files }: { claimId: string; files: File[] }) => {
      for (const file of files) queryClient.setQueryData(depositKey(rentalId), await uploadClaimPhoto(claimId, file));
    },
  });
}

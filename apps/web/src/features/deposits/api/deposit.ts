import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { CardInput } from '@toolshed/core';
import type { ClaimInput, DepositCardChallenge, DepositChallenge, DepositView } from '@toolshed/core/contract';
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

const claimPath = (claimId: string, action: string) => `/api/claims/${encodeURIComponent(claimId)}/${action}`;

/** A change naming an amount: the claimant's lower one, a proposal, or the proposal agreed to. */
function useAmountAction(action: 'lower' | 'propose' | 'agree', onSuccess: (view: DepositView) => void) {
  return useMutation({
    mutationFn: ({ claimId, amountPence }: { claimId: string; amountPence: number }) =>
      requestJson<DepositView>('POST', claimPath(claimId, action), { amountPence }),
    onSuccess,
  });
}

/**
 * Report, accept, dispute, withdraw, lower, propose and agree: each answers with the new view, which
 * replaces the cached one, so the claim shows its new state at once.
 */
export function useClaimActions(rentalId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (view: DepositView) => {
    queryClient.setQueryData(depositKey(rentalId), view);
    // Balances and the transactions list move with a settled claim, and the rental's own summary with its deposit.
    void queryClient.invalidateQueries({ queryKey: ['balance'] });
    void queryClient.invalidateQueries({ queryKey: ['rentals', 'one', rentalId] });
  };

  return {
    report: useMutation({
      mutationFn: (input: ClaimInput) => requestJson<DepositView>('POST', `/api/rentals/${encodeURIComponent(rentalId)}/claims`, input),
      onSuccess,
    }),
    accept: useMutation({
      mutationFn: (claimId: string) => requestJson<DepositView>('POST', claimPath(claimId, 'accept')),
      onSuccess,
    }),
    dispute: useMutation({
      mutationFn: ({ claimId, reply }: { claimId: string; reply: string }) =>
        requestJson<DepositView>('POST', claimPath(claimId, 'dispute'), { reply }),
      onSuccess,
    }),
    withdraw: useMutation({
      mutationFn: (claimId: string) => requestJson<DepositView>('POST', claimPath(claimId, 'withdraw')),
      onSuccess,
    }),
    lower: useAmountAction('lower', onSuccess),
    propose: useAmountAction('propose', onSuccess),
    agree: useAmountAction('agree', onSuccess),
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

/**
 * The renter's other card for a deposit the saved card could not hold: saved and authorised at once
 * (the card travels only in this request), or, when the card's bank asks for its 3-D Secure check,
 * the bank's page to go to. A held answer replaces the cached view.
 */
export function useGiveDepositCard(rentalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: CardInput) =>
      requestJson<DepositView | DepositCardChallenge>('PUT', `/api/rentals/${encodeURIComponent(rentalId)}/deposit/card`, { card }),
    onSuccess: (view: DepositView | DepositCardChallenge) => {
      if ('nextAction' in view) return;
      queryClient.setQueryData(depositKey(rentalId), view);
      void queryClient.invalidateQueries({ queryKey: ['rentals', 'one', rentalId] });
    },
  });
}

/** Where a deposit card's bank check stands, for the bank's page. */
export const getDepositChallenge = (challengeId: string): Promise<DepositChallenge> =>
  requestJson<DepositChallenge>('GET', `/api/deposit-challenges/${encodeURIComponent(challengeId)}`);

/** The simulated bank's answer to a deposit card's check; then the renter goes back to `returnUrl` (the rental). */
export const answerDepositChallenge = (challengeId: string, approve: boolean): Promise<{ returnUrl: string }> =>
  requestJson<{ returnUrl: string }>('POST', `/api/bank/deposit-challenges/${encodeURIComponent(challengeId)}`, { approve });

import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { HandoverSide } from '@toolshed/core';
import type { Handover } from '@toolshed/core/contract';
import { requestJson, uploadFile } from '../../../lib/request-json.ts';

const handoverKey = (rentalId: string) => ['rentals', 'handover', rentalId] as const;
const handoverPath = (rentalId: string) => `/api/rentals/${encodeURIComponent(rentalId)}/handover`;

/** The handover of one rental: both sides' photos and notes, for its two parties. */
export function useHandover(rentalId: string): UseQueryResult<Handover, Error> {
  return useQuery({
    queryKey: handoverKey(rentalId),
    queryFn: () => requestJson<Handover>('GET', handoverPath(rentalId)),
    staleTime: 30_000,
  });
}

/** Sends one photo (the API takes one file a request). */
const uploadPhoto = (rentalId: string, side: HandoverSide, file: File): Promise<Handover> =>
  uploadFile<Handover>(`${handoverPath(rentalId)}/${side}/photos`, file, {
    network: 'The photo could not be sent. Please check your connection and try again.',
    failed: 'The photo could not be uploaded.',
  });

/** Uploads the chosen photos one after another; the handover shown is the last answer. */
export function useAddHandoverPhotos(rentalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ side, files, onEach }: { side: HandoverSide; files: File[]; onEach?: (done: number) => void }) => {
      let latest: Handover | undefined;
      try {
        for (const [i, file] of files.entries()) {
          latest = await uploadPhoto(rentalId, side, file);
          client.setQueryData(handoverKey(rentalId), latest);
          onEach?.(i + 1);
        }
      } catch (err) {
        // Those sent before the refusal are kept: show them.
        if (latest) client.setQueryData(handoverKey(rentalId), latest);
        throw err;
      }
      return latest;
    },
  });
}

export function useSaveHandoverNote(rentalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ side, note }: { side: HandoverSide; note: string }) =>
      requestJson<Handover>('PUT', `${handoverPath(rentalId)}/${side}/note`, { note }),
    onSuccess: (handover) => client.setQueryData(handoverKey(rentalId), handover),
  });
}

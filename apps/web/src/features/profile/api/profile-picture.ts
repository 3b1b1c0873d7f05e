import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson, uploadFile } from '../../../lib/request-json.ts';
import type { Me } from '../../../data/me.ts';
import { userDataUpdated } from './user-data-updated.ts';

const uploadPicture = (file: File): Promise<Me> =>
  uploadFile<Me>('/api/me/picture', file, { network: 'The request could not be sent', failed: 'Request failed' });

/** Uploads (or replaces) the profile picture; everything showing it updates at once. */
export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPicture, onSuccess: (me) => userDataUpdated(queryClient, me) });
}

export function useRemovePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<Me>('DELETE', '/api/me/picture'),
    onSuccess: (me) => userDataUpdated(queryClient, me),
  });
}

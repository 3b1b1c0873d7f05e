import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.ts';
import { requestJson } from '../../../lib/request-json.ts';
import type { Me } from '../../../data/me.ts';
import { userDataUpdated } from './user-data-updated.ts';

async function uploadPicture(file: File): Promise<Me> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    // No Content-Type header: the browser writes the multipart boundary itself.
    response = await fetch('/api/me/picture', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The request could not be sent');
  }
  const body = (await response.json().catch(() => undefined)) as
    { error?: { code: string; message: string; field?: string } } | Me | undefined;
  if (!response.ok) {
    const err = body && 'error' in body ? body.error : undefined;
    throw new ApiError(response.status, err?.code ?? `HTTP_${response.status}`, err?.message ?? 'Request failed', err?.field);
  }
  return body as Me;
}

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

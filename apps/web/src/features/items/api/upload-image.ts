import type { ItemDetail } from '@toolshed/core/contract';
import { ApiError } from '../../../lib/api-error.ts';
import { apiErrorFrom } from '../../../lib/request-json.ts';

function errorFrom(xhr: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = undefined;
  }
  return apiErrorFrom(xhr.status, body, xhr.statusText || 'Request failed');
}

/**
 * Uploads one photo of an item. XMLHttpRequest rather than fetch because only it reports upload
 * progress; same-origin, so the browser sends the cookies and the Origin the API checks.
 * `onProgress` gets whole percents from 0 to 100.
 */
export function uploadImage(itemId: string, file: File, onProgress: (percent: number) => void): Promise<ItemDetail> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/items/${encodeURIComponent(itemId)}/images`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress(100);
          resolve(JSON.parse(xhr.responseText) as ItemDetail);
        } catch {
          reject(new ApiError(xhr.status, 'NOT_JSON', 'The server did not answer with JSON'));
        }
      } else reject(errorFrom(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'The request could not be sent'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

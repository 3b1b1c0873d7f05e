import { ApiError } from './api-error.ts';

interface ErrorBody {
  error: { code: string; message: string; field?: string; reason?: string };
}

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const err = (body as { error: unknown }).error;
  return typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string';
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The ApiError a failed answer stands for: the server's own error body when it sent one. */
export function apiErrorFrom(status: number, body: unknown, fallback: string): ApiError {
  if (isErrorBody(body)) {
    const e = body.error;
    return new ApiError(status, e.code, e.message, e.field, e.reason);
  }
  return new ApiError(status, 'HTTP_' + status, fallback);
}

/**
 * The one call to our API: same-origin cookies, a JSON body for writes (the server refuses a write
 * without one), and every failure as an ApiError (status 0 when the request never got an answer).
 */
export async function requestJson<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const write = method !== 'GET';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: write ? { Accept: 'application/json', 'Content-Type': 'application/json' } : { Accept: 'application/json' },
      ...(write ? { body: JSON.stringify(body ?? {}) } : {}),
      signal: signal ?? null,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK', 'The request could not be sent');
  }
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  const parsed: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) throw apiErrorFrom(response.status, parsed, response.statusText || 'Request failed');
  if (parsed === undefined) {
    // Some writes answer 200 or 204 with an empty body; only a GET must bring JSON back.
    if (write && response.status < 300) return undefined as T;
    throw new ApiError(response.status, 'NOT_JSON', 'The server did not answer with JSON');
  }
  return parsed as T;
}

/**
 * Sends one file to our API as multipart form data (the API takes one file a request) and reads the
 * JSON answer; failures are ApiErrors as for requestJson. No Content-Type header: the browser writes
 * the multipart boundary itself.
 */
export async function uploadFile<T>(path: string, file: File, messages: { network: string; failed: string }): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, body: form });
  } catch {
    throw new ApiError(0, 'NETWORK', messages.network);
  }
  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorFrom(response.status, parsed, messages.failed);
  if (parsed === undefined) throw new ApiError(response.status, 'NOT_JSON', 'The server did not answer with JSON');
  return parsed as T;
}

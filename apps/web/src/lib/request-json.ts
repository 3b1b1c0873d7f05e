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
  if (!response.ok) {
    if (isErrorBody(parsed)) {
      const e = parsed.error;
      throw new ApiError(response.status, e.code, e.message, e.field, e.reason);
    }
    throw new ApiError(response.status, 'HTTP_' + response.status, response.statusText || 'Request failed');
  }
  if (parsed === undefined) {
    // Some writes answer 200 or 204 with an empty body; only a GET must bring JSON back.
    if (write && response.status < 300) return undefined as T;
    throw new ApiError(response.status, 'NOT_JSON', 'The server did not answer with JSON');
  }
  return parsed as T;
}

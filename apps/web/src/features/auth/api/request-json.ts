import { ApiError } from '../../../lib/api-error.ts';

/**
 * An ApiError that also carries the server's `reason` (e.g. USER_ALREADY_EXISTS), which screens use
 * to offer the right next step. The shared client has no `reason` yet, hence this subclass.
 */
export class ApiReasonError extends ApiError {
  readonly reason: string | undefined;

  constructor(status: number, code: string, message: string, field?: string, reason?: string) {
    super(status, code, message, field);
    this.reason = reason;
  }
}

export function errorReason(error: unknown): string | undefined {
  return error instanceof ApiReasonError ? error.reason : undefined;
}

interface ErrorBody {
  error: { code: string; message: string; field?: string; reason?: string };
}

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const err = (body as { error: unknown }).error;
  return typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string';
}

/**
 * One call to our API with the same conventions as `getJson` (same-origin cookies, ApiError with
 * status 0 when offline), plus a JSON body for writes: the server refuses a write without one.
 */
export async function requestJson<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const write = method !== 'GET';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: write ? { Accept: 'application/json', 'Content-Type': 'application/json' } : { Accept: 'application/json' },
      ...(write ? { body: JSON.stringify(body ?? {}) } : {}),
    });
  } catch {
    throw new ApiReasonError(0, 'NETWORK', 'The request could not be sent');
  }
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  const parsed: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    if (isErrorBody(parsed)) {
      const e = parsed.error;
      throw new ApiReasonError(response.status, e.code, e.message, e.field, e.reason);
    }
    throw new ApiReasonError(response.status, 'HTTP_' + response.status, response.statusText || 'Request failed');
  }
  if (parsed === undefined) {
    // Some writes answer 200 with an empty body; only a GET must bring JSON back.
    if (write && response.status < 300) return undefined as T;
    throw new ApiReasonError(response.status, 'NOT_JSON', 'The server did not answer with JSON');
  }
  return parsed as T;
}

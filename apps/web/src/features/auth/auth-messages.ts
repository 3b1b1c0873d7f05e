import { ApiError, errorMessage } from '../../lib/api-error.ts';

export const UNEXPECTED_AUTH_ERROR = 'An unexpected error occurred. Please try again.';

/** True when the server answered in its own error format with a message meant for the user. */
export function hasServerMessage(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && !error.code.startsWith('HTTP_') && error.code !== 'NOT_JSON'
  );
}

/** The server's own words for a refused account request; otherwise the spec's fallback. */
export function authErrorMessage(error: unknown): string {
  if (hasServerMessage(error)) return error.message;
  // Offline is worth saying plainly: trying again later will help.
  if (error instanceof ApiError && error.status === 0) return errorMessage(error);
  return UNEXPECTED_AUTH_ERROR;
}

import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

/** Retry once only when trying again can help (offline or a server fault); a 404 or 400 will not change. */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError) return failureCount < 1 && (error.status === 0 || error.status >= 500);
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}

import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { shouldRetry } from './query-client.ts';

describe('shouldRetry', () => {
  it.each([
    ['offline', new ApiError(0, 'NETWORK', 'x'), true],
    ['server fault', new ApiError(503, 'UNAVAILABLE', 'x'), true],
    ['not found', new ApiError(404, 'NOT_FOUND', 'x'), false],
    ['bad filter', new ApiError(400, 'VALIDATION', 'x'), false],
  ])('retries once after %s: %s', (_name, error, once) => {
    expect(shouldRetry(0, error)).toBe(once);
    expect(shouldRetry(1, error)).toBe(false);
  });
});

import type { FastifyRequest } from 'fastify';

/** Photo uploads per signed-in person per window: enough to fill several listings, not to keep a core busy. */
export const UPLOADS_PER_WINDOW = 30;
export const UPLOAD_WINDOW_MS = 10 * 60_000;

/**
 * The @fastify/rate-limit settings of an upload route, counted per user (their id from the session;
 * the address for a visitor, who is refused anyway).
 */
export function uploadRateLimit(userIdOf: (request: FastifyRequest) => Promise<string | undefined>, max = UPLOADS_PER_WINDOW) {
  return {
    max,
    timeWindow: UPLOAD_WINDOW_MS,
    keyGenerator: async (request: FastifyRequest) => `upload|${(await userIdOf(request)) ?? request.ip}`,
  };
}

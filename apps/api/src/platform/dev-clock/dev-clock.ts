import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@toolshed/core';

const moveSchema = z.union([
  z.object({ days: z.number().int().min(1).max(366) }),
  z.object({
    hours: z
      .number()
      .int()
      .min(1)
      .max(366 * 24),
  }),
]);

/**
 * Development only (DEV_CLOCK=true, never in production): the app's clock, which `POST /dev/clock`
 * with `{ "days": n }` (or `{ "hours": n }`) moves forward, so a browser journey can see what days later brings (a claim
 * window closing, a dispute going to support). Everything that asks the app's clock follows it: the
 * job queue, the rules, the London 'today'; the sign-in library keeps real time.
 */
export function createDevClock(base: () => Date) {
  let offsetMs = 0;
  const now = () => new Date(base().getTime() + offsetMs);
  return {
    now,
    register(app: FastifyInstance): void {
      app.post('/dev/clock', { schema: { hide: true } }, async (request) => {
        const parsed = moveSchema.safeParse(request.body);
        if (!parsed.success)
          throw new AppError('VALIDATION', 'Send { "days": n } with n from 1 to 366, or { "hours": n } with n from 1 to 8784.', 'days');
        offsetMs += 'days' in parsed.data ? parsed.data.days * 86_400_000 : parsed.data.hours * 3_600_000;
        return { now: now().toISOString() };
      });
    },
  };
}

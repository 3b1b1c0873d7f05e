import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitStore } from './rate-limit-store.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Lets @fastify/rate-limit count in PostgreSQL: each route limited through the plugin gets its own
 * keys ('POST /api/support:<address>'), shared by every API process.
 */
export function sharedRateLimitStore(store: RateLimitStore, now: () => Date = () => new Date()): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(private readonly scope: string = 'global') {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      store.hit(`${this.scope}:${key}`, timeWindow).then(
        (hit) => cb(null, { current: hit.count, ttl: Math.max(0, hit.resetAt.getTime() - now().getTime()) }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    read(key: string, cb: Callback): void {
      store.read(`${this.scope}:${key}`).then(
        (r) => cb(null, { current: r.count, ttl: r.resetAt ? Math.max(0, r.resetAt.getTime() - now().getTime()) : 0 }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: {
      method?: string | string[];
      url?: string;
      routeInfo?: { method?: string | string[]; url?: string };
    }): FastifyRateLimitStore {
      const info = routeOptions.routeInfo ?? routeOptions;
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new SharedStore(`${method} ${info.url ?? ''}`.trim() || 'global');
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Counts failed sign-ins per account so that guessing one person's password is slow even from many
 * addresses. In memory: one API process holds the counts (see docs/SECURITY.md).
 */
export interface SignInLimiter {
  /** Seconds to wait before this account may try again, or 0. */
  retryAfter(email: string, now?: number): number;
  recordFailure(email: string, now?: number): void;
  reset(email: string): void;
}

export function createSignInLimiter(maxFailures: number, windowMs: number): SignInLimiter {
  const failures = new Map<string, number[]>();
  const key = (email: string) => email.trim().toLowerCase();
  const recent = (k: string, now: number) => (failures.get(k) ?? []).filter((t) => now - t < windowMs);

  return {
    retryAfter(email, now = Date.now()) {
      const times = recent(key(email), now);
      if (times.length < maxFailures) return 0;
      return Math.ceil((times[0]! + windowMs - now) / 1000);
    },
    recordFailure(email, now = Date.now()) {
      const k = key(email);
      const times = [...recent(k, now), now];
      failures.set(k, times);
      if (failures.size > 50_000) {
        for (const [other, t] of failures) if (t.every((x) => now - x >= windowMs)) failures.delete(other);
      }
    },
    reset(email) {
      failures.delete(key(email));
    },
  };
}

/**
 * Failed sign-ins, counted so that guessing a password is slow but a stranger cannot lock the owner
 * out (see docs/SECURITY.md):
 * - per account AND address: after `pairFailures` failures in the window, that address must wait for
 *   the window to pass before trying that account again; other addresses are not affected;
 * - per account, from every address: from `accountFailures` failures in the window on, each attempt
 *   must wait a back-off after the last failure (1 s, doubling, at most `maxBackoffMs`), so many
 *   addresses together still guess slowly while the owner waits at most that long.
 * A successful sign-in or password reset clears the account. In memory: one API process holds the counts.
 */
export interface SignInLimiterOptions {
  pairFailures: number;
  accountFailures: number;
  windowMs: number;
  maxBackoffMs?: number;
}

export type SignInWait = { seconds: number; scope: 'address' | 'account' } | null;

export interface SignInLimiter {
  /** How long this address must wait before trying this account again, or null. */
  wait(email: string, address: string, now?: number): SignInWait;
  recordFailure(email: string, address: string, now?: number): void;
  /** The right password (or a reset): the account's failures are forgotten. */
  clear(email: string): void;
}

const MAX_KEYS = 50_000;

export function createSignInLimiter({ pairFailures, accountFailures, windowMs, maxBackoffMs = 60_000 }: SignInLimiterOptions): SignInLimiter {
  // account -> failure times, and account -> address -> failure times.
  const byAccount = new Map<string, number[]>();
  const byPair = new Map<string, Map<string, number[]>>();
  const account = (email: string) => email.trim().toLowerCase();
  const recent = (times: number[] | undefined, now: number) => (times ?? []).filter((t) => now - t < windowMs);

  function prune(now: number) {
    if (byAccount.size <= MAX_KEYS) return;
    for (const [k, times] of byAccount) {
      if (recent(times, now).length === 0) {
        byAccount.delete(k);
        byPair.delete(k);
      }
    }
  }

  return {
    wait(email, address, now = Date.now()) {
      const k = account(email);
      const pair = recent(byPair.get(k)?.get(address), now);
      if (pair.length >= pairFailures) return { seconds: Math.ceil((pair[pair.length - pairFailures]! + windowMs - now) / 1000), scope: 'address' };
      const all = recent(byAccount.get(k), now);
      if (all.length >= accountFailures) {
        const backoff = Math.min(1000 * 2 ** (all.length - accountFailures), maxBackoffMs);
        const until = all[all.length - 1]! + backoff;
        if (until > now) return { seconds: Math.ceil((until - now) / 1000), scope: 'account' };
      }
      return null;
    },
    recordFailure(email, address, now = Date.now()) {
      const k = account(email);
      byAccount.set(k, [...recent(byAccount.get(k), now), now]);
      const pairs = byPair.get(k) ?? new Map<string, number[]>();
      pairs.set(address, [...recent(pairs.get(address), now), now]);
      byPair.set(k, pairs);
      prune(now);
    },
    clear(email) {
      byAccount.delete(account(email));
      byPair.delete(account(email));
    },
  };
}

/**
 * Failed sign-ins, counted so that guessing a password is slow but a stranger cannot lock the owner
 * out (see docs/SECURITY.md):
 * - per account AND address: after `pairFailures` failures in the window, that address must wait for
 *   the window to pass before trying that account again; other addresses are not affected;
 * - per account, from every address: from `accountFailures` failures in the window on, each attempt
 *   must wait a back-off after the last failure (1 s, doubling, at most `maxBackoffMs`), so many
 *   addresses together still guess slowly while the owner waits at most that long.
 * A successful sign-in or password reset clears the account. The app keeps the failures in PostgreSQL
 * (sign-in-failure-repository.ts), so the limits hold whichever API process answers.
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
  wait(email: string, address: string, now?: number): Promise<SignInWait>;
  recordFailure(email: string, address: string, now?: number): Promise<void>;
  /** The right password (or a reset): the account's failures are forgotten. */
  clear(email: string): Promise<void>;
}

/** Where failed sign-ins are kept: PostgreSQL (shared by every process) in the app, memory in unit tests. */
export interface FailureLog {
  add(account: string, address: string, at: number): Promise<void>;
  /** The account's failures since `since` (ms), oldest first. */
  since(account: string, since: number): Promise<{ address: string; at: number }[]>;
  clear(account: string): Promise<void>;
}

const MAX_KEYS = 50_000;

/** For unit tests and tools: failures kept in this process only. */
export function createMemoryFailureLog(): FailureLog {
  const byAccount = new Map<string, { address: string; at: number }[]>();
  return {
    async add(account, address, at) {
      if (byAccount.size > MAX_KEYS) byAccount.clear();
      byAccount.set(account, [...(byAccount.get(account) ?? []), { address, at }]);
    },
    async since(account, since) {
      return (byAccount.get(account) ?? []).filter((f) => f.at >= since);
    },
    async clear(account) {
      byAccount.delete(account);
    },
  };
}

export function createSignInLimiter(
  { pairFailures, accountFailures, windowMs, maxBackoffMs = 60_000 }: SignInLimiterOptions,
  log: FailureLog = createMemoryFailureLog(),
): SignInLimiter {
  const account = (email: string) => email.trim().toLowerCase();

  return {
    async wait(email, address, now = Date.now()) {
      const all = (await log.since(account(email), now - windowMs + 1)).map((f) => ({ ...f })).filter((f) => f.at <= now);
      const pair = all.filter((f) => f.address === address).map((f) => f.at);
      if (pair.length >= pairFailures)
        return { seconds: Math.ceil((pair[pair.length - pairFailures]! + windowMs - now) / 1000), scope: 'address' };
      if (all.length >= accountFailures) {
        const backoff = Math.min(1000 * 2 ** (all.length - accountFailures), maxBackoffMs);
        const until = all[all.length - 1]!.at + backoff;
        if (until > now) return { seconds: Math.ceil((until - now) / 1000), scope: 'account' };
      }
      return null;
    },
    async recordFailure(email, address, now = Date.now()) {
      await log.add(account(email), address, now);
    },
    async clear(email) {
      await log.clear(account(email));
    },
  };
}

const SERIALIZATION_FAILURE = '40001';
const DEADLOCK = '40P01';

/** The PostgreSQL error code of a driver error (drizzle wraps it in `cause`). */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A transaction the database rolled back because of another one: trying again may well work. */
export function isRetryableConflict(err: unknown): boolean {
  const code = pgCode(err);
  return code === SERIALIZATION_FAILURE || code === DEADLOCK;
}

/**
 * Runs a whole transaction again when PostgreSQL aborted it for a serialization failure or a
 * deadlock, a few times with a short random pause; then the last error is thrown for the caller to
 * answer 503. Any other error is thrown at once.
 */
export async function withTransactionRetries<T>(run: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isRetryableConflict(err) || attempt >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}

/**
 * The one hook through which the server reports errors an operator should see: unhandled errors
 * of requests (the 500s) and jobs that failed for good. It is always logged; with
 * `ERROR_REPORT_URL` set, each report is also POSTed there as JSON, for an error tracker's ingest
 * endpoint or a webhook. A report never carries a request's body, query string, cookies or the
 * statement's parameters: only what failed, where and when.
 */
export interface ErrorReport {
  source: 'request' | 'job';
  /** The error's class and message, and its stack for the tracker to group by. */
  error: { name: string; message: string; stack?: string };
  /** For a request, the route pattern and method; for a job, its name, id and attempt. */
  context: Record<string, string | number>;
}

export interface ErrorReporter {
  report(report: ErrorReport): void;
  /** Resolves when the reports on their way have been sent (or given up): for shutdown and tests. */
  flush(): Promise<void>;
}

interface Options {
  url: string | undefined;
  service: string;
  now: () => Date;
  warn: (obj: object, msg: string) => void;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Reports sent per minute at most: an error on every request must not become a flood. */
  perMinute?: number;
}

export function describeError(err: unknown): ErrorReport['error'] {
  if (err instanceof Error)
    return { name: err.name, message: err.message.slice(0, 2_000), ...(err.stack ? { stack: err.stack.slice(0, 8_000) } : {}) };
  return { name: 'Error', message: String(err).slice(0, 2_000) };
}

export function createErrorReporter({
  url,
  service,
  now,
  warn,
  fetchImpl = fetch,
  timeoutMs = 3_000,
  perMinute = 60,
}: Options): ErrorReporter {
  const pending = new Set<Promise<void>>();
  let minute = -1;
  let sentThisMinute = 0;
  let dropped = 0;

  return {
    report(report) {
      if (!url) return;
      const at = now();
      const thisMinute = Math.floor(at.getTime() / 60_000);
      if (thisMinute !== minute) {
        if (dropped > 0) warn({ dropped }, 'error reports dropped over the per-minute limit');
        minute = thisMinute;
        sentThisMinute = 0;
        dropped = 0;
      }
      if (sentThisMinute >= perMinute) {
        dropped += 1;
        return;
      }
      sentThisMinute += 1;
      const body = JSON.stringify({ service, at: at.toISOString(), ...report });
      const sending = fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
        .then((res) => {
          if (!res.ok) warn({ status: res.status }, 'the error report was refused');
        })
        .catch((err: unknown) => warn({ err: err instanceof Error ? err.message : String(err) }, 'the error report could not be sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

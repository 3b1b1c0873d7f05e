import autocannon from 'autocannon';
import { rotatingPaths } from './query-set.ts';
import { summarise, type LoadSummary } from './stats.ts';

export interface LoadOptions {
  baseUrl: string;
  paths: string[];
  connections: number;
  /** Run this long, handing the paths out in turn; or, with `once`, send each path exactly once. */
  durationSeconds: number;
  once?: boolean;
  /** Per-request timeout; a slow server needs more than autocannon's default 10 s. */
  timeoutSeconds: number;
}

/**
 * Runs autocannon against one server, handing the query paths out in turn across all connections,
 * and records every response time itself: autocannon's own summary has p97.5 but no p95.
 */
export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(options.baseUrl))
    throw new Error('Load is only ever sent to a loopback address');
  const nextPath = rotatingPaths(options.paths);
  const latencies: number[] = [];
  let bytes = 0;
  let non2xx = 0;
  // autocannon ends a run on its next one-second tick and reports that as the duration, so a run of
  // a fixed number of requests looked up to a second longer than it was: time it here instead,
  // from the start to the last answer.
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;

  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        ...(options.once ? { amount: options.paths.length } : { duration: options.durationSeconds }),
        timeout: options.timeoutSeconds,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      lastAnswerAt = performance.now();
      if (statusCode >= 200 && statusCode < 300) {
        latencies.push(responseTime);
        bytes += resBytes;
      } else {
        non2xx += 1;
      }
    });
    // autocannon ends on its own after the duration; this is a safety net should it not.
    const guard = setTimeout(() => instance.stop(), (options.durationSeconds + options.timeoutSeconds + 30) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });

  return summarise({
    latencies,
    bytes,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: (lastAnswerAt - startedAt) / 1000,
  });
}

import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Called when a statement is sent; returns what to call when it has finished (with its error, if it failed). */
export type QueryObserver = (text: string) => QueryEnd | undefined;
export type QueryEnd = (error?: unknown) => void;

/**
 * `Database.observeQueries`: the driver's query methods are wrapped on the first call only (nothing is
 * wrapped until someone observes), and a later call replaces the observer.
 */
export function observable(install: (observer: QueryObserver) => void): (observer: QueryObserver | undefined) => void {
  let current: QueryObserver | undefined;
  let installed = false;
  return (observer) => {
    current = observer;
    if (!installed && observer) {
      installed = true;
      install((text) => current?.(text));
    }
  };
}

function observed<T>(observer: QueryObserver, text: unknown, run: () => Promise<T>): Promise<T> {
  const end = typeof text === 'string' ? observer(text) : undefined;
  return end ? settled(end, run) : run();
}

async function settled<T>(end: QueryEnd, run: () => Promise<T>): Promise<T> {
  try {
    const result = await run();
    end();
    return result;
  } catch (err) {
    end(err);
    throw err;
  }
}

type Queryable = Pick<PGlite, 'query' | 'exec'>;

function observeQueryable(target: Queryable, observer: QueryObserver): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = ((text: string, ...rest: unknown[]) =>
    observed(observer, text, () => (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as Queryable['query'];
  target.exec = ((text: string, ...rest: unknown[]) =>
    observed(observer, text, () => (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as Queryable['exec'];
}

/** The embedded database: its queries, and those of every transaction it opens. */
export function observePglite(client: PGlite, observer: QueryObserver): void {
  observeQueryable(client, observer);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Queryable) => Promise<unknown>) =>
    transaction((tx) => {
      observeQueryable(tx, observer);
      return fn(tx);
    })) as PGlite['transaction'];
}

const OBSERVED = Symbol('queries observed');
type Callback = (err: Error | undefined, result?: unknown) => void;

function observeClient(client: pg.PoolClient & { [OBSERVED]?: true }, observer: QueryObserver): void {
  if (client[OBSERVED]) return;
  client[OBSERVED] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const first = args[0] as string | { text?: unknown; submit?: unknown } | undefined;
    // Cursors and streams (a Submittable) are passed through as they are.
    if (typeof first === 'object' && first !== null && typeof first.submit === 'function') return query(...args);
    const text = typeof first === 'string' ? first : first?.text;
    const end = typeof text === 'string' ? observer(text) : undefined;
    if (!end) return query(...args);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      // The callback form, which the pool's own `query` uses.
      const callback = args[last] as Callback;
      args[last] = (err: Error | undefined, result?: unknown) => {
        end(err ?? undefined);
        callback(err, result);
      };
      return query(...args);
    }
    return settled(end, async () => query(...args));
  }) as typeof client.query;
}

/**
 * A PostgreSQL pool: every client it hands out (to `pool.query`, which goes through `connect`, and to
 * transactions and advisory locks) has its `query` wrapped, once.
 */
export function observePool(pool: pg.Pool, observer: QueryObserver): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    const callback = args[0];
    if (typeof callback === 'function') {
      return connect((err: Error | undefined, client: pg.PoolClient | undefined, release: unknown) => {
        if (client) observeClient(client, observer);
        (callback as (...a: unknown[]) => void)(err, client, release);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      observeClient(client, observer);
      return client;
    });
  }) as typeof pool.connect;
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/database.ts';
import {
  connectionLost,
  formatLsn,
  openReplicaSet,
  parseLsn,
  type Replica,
  type ReplicaSet,
  type ReplicaState,
} from '../../db/replicas.ts';

/**
 * Which database a read goes to (decision 033). Only repositories made through `route` may read
 * from a replica, and only while answering a GET (or HEAD) request: writes, transactions, jobs and
 * every read outside such a request stay on the primary. A member whose request changed something
 * reads the primary until a replica has replayed past the primary's WAL position at that moment,
 * remembered here for `READ_AFTER_MS` and in the `toolshed_read_after` cookie, so that another API
 * process honours it too. A read that fails on a replica is read again from the primary.
 */
export interface ReadRouting {
  /** Whether replicas are configured at all. */
  replicated: boolean;
  /**
   * `make`'s repository, each of whose functions reads from a replica when the request allows it (on
   * the same one for the rest of the request), else from the primary; they must only read.
   */
  route<T extends object>(make: (db: Db) => T): T;
  /** Whether this request's reads must see a change its member made moments ago (so: no cached answers). */
  mustSeeOwnWrites(): boolean;
  states(): ReplicaState[];
  /** The replica connections' use, for the metrics. */
  pools(): ReturnType<ReplicaSet['pools']>;
  /** Reads served by a replica, and reads read again from the primary after a replica failed, since start. */
  counts(): { replica: number; fallback: number };
  /** Checks every replica now (tests; the background check does this every second). */
  check(): Promise<void>;
  close(): Promise<void>;
  /**
   * Every request runs with its routing: GET and HEAD may read replicas, and a member's successful
   * change (any other method answered below 400, signed in) records the primary's WAL position for
   * their next reads, in this process and in a cookie for the others. Closing the app closes the replicas.
   */
  register(app: FastifyInstance, options: { secureCookie: boolean }): void;
}

/** How long a member's reads wait for replicas to catch up with their change, at most. */
export const READ_AFTER_MS = 30_000;
export const READ_AFTER_COOKIE = 'toolshed_read_after';

interface RequestReads {
  /** Replicas may serve this request's reads. */
  replicas: boolean;
  /** The WAL position a replica must have replayed to serve them. */
  afterLsn: bigint | undefined;
  /** The database chosen at the first read (null: the primary), kept for the rest of the request. */
  chosen: Replica | null | undefined;
}

const direct = (database: Database): ReadRouting => ({
  replicated: false,
  route: (make) => make(database.db),
  mustSeeOwnWrites: () => false,
  states: () => [],
  pools: () => [],
  counts: () => ({ replica: 0, fallback: 0 }),
  check: async () => undefined,
  close: async () => undefined,
  register: () => undefined,
});

/** The value of one cookie of a Cookie header. */
function cookieOf(header: string | undefined, matches: (name: string) => boolean): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (matches(part.slice(0, at).trim())) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** The session a request is signed in with, as a key that does not keep the token itself. */
function sessionKey(request: FastifyRequest): string | undefined {
  const token = cookieOf(request.headers.cookie, (name) => name.endsWith('toolshed.session_token'));
  return token ? createHash('sha256').update(token).digest('base64url') : undefined;
}

const READS = new Set(['GET', 'HEAD']);

export interface ReadRoutingOptions {
  config: Config;
  database: Database;
  log: ReplicaSetLog;
  now?: () => number;
  /** Tests: 0 checks the replicas only when asked (default: every second). */
  checkEveryMs?: number;
}

type ReplicaSetLog = Parameters<typeof openReplicaSet>[0]['log'];

/** The routing the configuration asks for: straight to the primary without replicas (or on the embedded database). */
export function createReadRouting(options: ReadRoutingOptions): ReadRouting {
  const { config, database } = options;
  if (config.databaseReplicaUrls.length === 0 || database.kind !== 'postgres') return direct(database);
  const now = options.now ?? Date.now;
  const replicas = openReplicaSet({
    urls: config.databaseReplicaUrls,
    primary: database.db,
    maxLagMs: config.databaseReplicaMaxLagMs,
    schemaName: database.schemaName,
    preparedPoolSize: config.databaseReadConnections,
    preparedStatements: config.databasePreparedStatements,
    log: options.log,
    ...(options.checkEveryMs !== undefined ? { checkEveryMs: options.checkEveryMs } : {}),
  });
  const storage = new AsyncLocalStorage<RequestReads>();
  // Sessions' latest change: the WAL position and until when it matters.
  const recent = new Map<string, { lsn: bigint; until: number }>();
  let servedByReplica = 0;
  let fallbacks = 0;

  const remembered = (key: string | undefined): bigint | undefined => {
    if (!key) return undefined;
    const entry = recent.get(key);
    if (!entry) return undefined;
    if (entry.until <= now()) {
      recent.delete(key);
      return undefined;
    }
    return entry.lsn;
  };

  function afterLsnOf(request: FastifyRequest): bigint | undefined {
    const fromMemory = remembered(sessionKey(request));
    let fromCookie: bigint | undefined;
    const raw = cookieOf(request.headers.cookie, (name) => name === READ_AFTER_COOKIE);
    if (raw) {
      try {
        fromCookie = parseLsn(raw);
      } catch {
        fromCookie = undefined;
      }
    }
    if (fromMemory === undefined) return fromCookie;
    if (fromCookie === undefined) return fromMemory;
    return fromMemory > fromCookie ? fromMemory : fromCookie;
  }

  async function run<R>(read: (target: Replica | undefined) => Promise<R>): Promise<R> {
    const reads = storage.getStore();
    if (!reads?.replicas) return read(undefined);
    if (reads.chosen === undefined) reads.chosen = replicas.pick(reads.afterLsn) ?? null;
    const replica = reads.chosen;
    if (!replica) return read(undefined);
    try {
      const result = await read(replica);
      servedByReplica += 1;
      return result;
    } catch (err) {
      // Whatever went wrong there, the primary answers instead: no request fails for a replica.
      if (connectionLost(err)) replicas.failed(replica, err);
      reads.chosen = null;
      fallbacks += 1;
      options.log.warn(
        { replica: replica.name, err: err instanceof Error ? err.message : String(err) },
        'replica read failed; read from the primary',
      );
      return read(undefined);
    }
  }

  return {
    replicated: true,
    route<T extends object>(make: (db: Db) => T): T {
      const onPrimary = make(database.db);
      const onReplica = new Map<Replica, T>();
      const on = (replica: Replica | undefined): T => {
        if (!replica) return onPrimary;
        let made = onReplica.get(replica);
        if (!made) onReplica.set(replica, (made = make(replica.db)));
        return made;
      };
      const routed = {} as Record<string, unknown>;
      for (const [key, value] of Object.entries(onPrimary)) {
        routed[key] =
          typeof value === 'function'
            ? (...args: unknown[]) =>
                run((replica) => (on(replica) as Record<string, (...a: unknown[]) => Promise<unknown>>)[key]!(...args))
            : value;
      }
      return routed as T;
    },
    mustSeeOwnWrites: () => storage.getStore()?.afterLsn !== undefined,
    states: () => replicas.states(),
    pools: () => replicas.pools(),
    counts: () => ({ replica: servedByReplica, fallback: fallbacks }),
    check: () => replicas.check(),
    close: () => replicas.close(),
    register(app, { secureCookie }) {
      app.addHook('onRequest', (request, _reply, done) => {
        storage.run({ replicas: READS.has(request.method), afterLsn: afterLsnOf(request), chosen: undefined }, done);
      });
      app.addHook('onSend', async (request, reply, payload) => {
        if (READS.has(request.method) || request.method === 'OPTIONS' || reply.statusCode >= 400) return payload;
        const key = sessionKey(request);
        if (!key) return payload;
        try {
          const lsn = await replicas.primaryLsn();
          if (recent.size > 100_000) for (const [k, v] of recent) if (v.until <= now()) recent.delete(k);
          recent.set(key, { lsn, until: now() + READ_AFTER_MS });
          reply.header(
            'set-cookie',
            `${READ_AFTER_COOKIE}=${formatLsn(lsn)}; Max-Age=${READ_AFTER_MS / 1000}; Path=/; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`,
          );
        } catch (err) {
          // Without the position this member may read a replica a moment behind; the change itself stands.
          request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'WAL position after a change not read');
        }
        return payload;
      });
      app.addHook('onClose', async () => replicas.close());
    },
  };
}

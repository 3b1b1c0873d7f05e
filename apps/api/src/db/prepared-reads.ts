import { createHash } from 'node:crypto';
import pg from 'pg';
import { observePool, type QueryObserver } from './observe-queries.ts';
import { forgetParsed, queryByCallback, readTypes, refusedByServer, rememberParsed } from './pg-driver.ts';

/**
 * The PostgreSQL connections prepared reads run on (decision 018): each parses and plans a
 * statement once (`plan_cache_mode=force_generic_plan`) and keeps the plan, about half a megabyte of
 * the server's memory for a browse statement, and its first run costs several warm ones. So that a
 * statement is planned on one connection rather than on each, it runs where it is prepared already
 * (at first on its home connection, chosen from a hash of its text) unless the queue there is longer
 * than the shortest by more than `SPILL` (`choose`). So that a connection's memory stays bounded, each
 * keeps at most `statementsPerConnection` statements and deallocates the one used least recently to
 * make room for another.
 */
export interface PreparedReads {
  run<T>(text: string, params: unknown[]): Promise<T[]>;
  /** The connections' use, as one pool. */
  use(): { max: number; total: number; idle: number; waiting: number };
  /**
   * Statements prepared on first use (each a parse and a plan), prepared ahead by `warm`, and
   * deallocated to make room, since opening.
   */
  statements(): { kept: number; prepared: number; warmed: number; deallocated: number };
  /**
   * Parses and plans statements on their home connections without running them, at most
   * `perConnection` on each: PREPARE, then EXPLAIN EXECUTE with null values, which builds the generic
   * plan and keeps it (a generic plan does not depend on the values). Their first run is then a warm
   * one. A statement that cannot be prepared (its tables changed since it was seen) is left out and
   * named in `failed`.
   */
  warm(shapes: StatementShape[], perConnection: number): Promise<{ warmed: number; failed: string[] }>;
  /** The statements first run in this process since the last call (prepared on first use, or run after `warm`). */
  takeSeen(): StatementShape[];
  /** Gives back statements `takeSeen` returned that could not be written down, for the next call. */
  giveBackSeen(shapes: StatementShape[]): void;
  observe(observer: QueryObserver): void;
  close(): Promise<void>;
}

/** A statement as prepared reads name it: its name is `statementName(text)`. */
export interface StatementShape {
  name: string;
  text: string;
}

export interface PreparedReadsOptions {
  url: string;
  /** Session options of every connection (`-c name=value ...`). */
  sessionOptions: string;
  connections: number;
  statementsPerConnection: number;
  onError?: ((err: Error) => void) | undefined;
  /** How long opening a connection may take (default: no limit, as the driver has). */
  connectTimeoutMs?: number | undefined;
}

/**
 * Statements each connection keeps by default: under the generated browse mix each connection's
 * share of the shapes was 92-143 (440 shapes in 30,000 browses), so 200 leaves room, and bounds a
 * connection's plans to about 100 MB.
 */
export const DEFAULT_PREPARED_STATEMENTS = 200;

/** How much longer than the shortest a connection's queue may be before a statement it has prepared runs elsewhere. */
const SPILL = 4;

/** Statement names by text: hashing a browse statement's text on every request cost more than the lookup. */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_KEPT = 4_000;

/** The statement's name: a hash of its text, the same in every process. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (statementNames.size >= STATEMENT_NAMES_KEPT) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** The most statement names remembered as seen in one process: past it, they are forgotten and may be written down again. */
const SEEN_KEPT = 10_000;

/** The connection a statement calls home: two characters of its name's hash. */
function homeOf(name: string, connections: number): number {
  return ((name.charCodeAt(2) << 8) | name.charCodeAt(3)) % connections;
}

/** The highest parameter number in a statement's text ($1, $2, ...): how many values EXECUTE needs. */
export function parameterCount(text: string): number {
  let highest = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

export function openPreparedReads(options: PreparedReadsOptions): PreparedReads {
  const { connections, statementsPerConnection: cap } = options;
  if (!Number.isSafeInteger(connections) || connections < 1) throw new Error('Prepared reads need at least one connection');
  if (!Number.isSafeInteger(cap) || cap < 1) throw new Error('Each connection must keep at least one statement');
  // One pool of one connection each: the pool reconnects after an error and queues the waiting.
  // Connections are never closed for being idle: their plans are what they are for.
  const pools = Array.from({ length: connections }, () => {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 1,
      idleTimeoutMillis: 0,
      options: options.sessionOptions,
      ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    });
    pool.on('error', (err) => options.onError?.(err));
    // A connection can also fail while checked out between statements (the server shutting down sends
    // its error just after an answer): the pool listens only to idle clients, so listen here too.
    pool.on('connect', (client) => client.on('error', (err) => options.onError?.(err)));
    return pool;
  });
  // Each connection's statements, the one used least recently first; a new connection starts empty.
  const kept = pools.map(() => ({ client: undefined as pg.PoolClient | undefined, names: new Map<string, true>() }));
  let prepared = 0;
  let warmed = 0;
  let deallocated = 0;
  // Names run in this process, and the statements among them not yet taken by `takeSeen`.
  const seenNames = new Set<string>();
  let seen = new Map<string, string>();
  const see = (name: string, text: string) => {
    if (seenNames.has(name)) return;
    if (seenNames.size >= SEEN_KEPT) seenNames.clear();
    seenNames.add(name);
    seen.set(name, text);
  };

  const queued = (at: number) => pools[at]!.totalCount - pools[at]!.idleCount + pools[at]!.waitingCount;
  /**
   * Of the connections that have the statement prepared (its home when none has), the one with the
   * shortest queue; but the shortest queue of all when that is more than `SPILL` shorter, where the
   * statement will be prepared too. A statement asked for often thus ends up on every connection,
   * and one asked for rarely stays on one.
   */
  function choose(name: string): number {
    let best = -1;
    let shortest = 0;
    for (let at = 0; at < connections; at++) {
      if (queued(at) < queued(shortest)) shortest = at;
      if (kept[at]!.names.has(name) && (best < 0 || queued(at) < queued(best))) best = at;
    }
    if (best < 0) best = homeOf(name, connections);
    return queued(best) - queued(shortest) > SPILL ? shortest : best;
  }

  /** Marks `name` used most recently on the connection, deallocating others to make room; false when it was kept already. */
  async function makeRoom(at: number, client: pg.PoolClient, name: string): Promise<boolean> {
    const slot = kept[at]!;
    if (slot.client !== client) slot.names.clear();
    slot.client = client;
    const { names } = slot;
    if (names.delete(name)) {
      names.set(name, true);
      return false;
    }
    while (names.size >= cap) {
      const oldest = names.keys().next().value as string;
      names.delete(oldest);
      await client.query(`deallocate ${client.escapeIdentifier(oldest)}`);
      forgetParsed(client, oldest);
      deallocated += 1;
    }
    names.set(name, true);
    return true;
  }

  /** Prepares and plans `shapes` on connection `at` (see `warm`), oldest first so the first is kept longest. */
  async function warmOn(at: number, shapes: StatementShape[], failed: string[]): Promise<void> {
    const client = await pools[at]!.connect();
    let broken: Error | undefined;
    try {
      for (const { name, text } of shapes) {
        if (kept[at]!.names.has(name) && kept[at]!.client === client) continue;
        const id = client.escapeIdentifier(name);
        // The server refusing a statement leaves the connection as it was; anything else ends the warm-up here.
        try {
          await client.query(`prepare ${id} as ${text}`);
        } catch (err) {
          if (!refusedByServer(err)) throw err;
          failed.push(name);
          continue;
        }
        try {
          const values = Array.from({ length: parameterCount(text) }, () => 'null').join(', ');
          await client.query(`explain execute ${id}${values ? `(${values})` : ''}`);
        } catch (err) {
          if (!refusedByServer(err)) throw err;
          failed.push(name);
          await client.query(`deallocate ${id}`);
          continue;
        }
        await makeRoom(at, client, name);
        rememberParsed(client, name, text);
        warmed += 1;
      }
    } catch (err) {
      broken = err instanceof Error ? err : new Error(String(err));
      kept[at]!.names.clear();
      throw err;
    } finally {
      client.release(broken);
    }
  }

  return {
    async run<T>(text: string, params: unknown[]): Promise<T[]> {
      const name = statementName(text);
      const at = choose(name);
      const client = await pools[at]!.connect();
      let failed: Error | undefined;
      try {
        if (await makeRoom(at, client, name)) prepared += 1;
        see(name, text);
        const result = await queryByCallback<T>(client, { name, text, values: params, types: readTypes });
        return result.rows as T[];
      } catch (err) {
        failed = err instanceof Error ? err : new Error(String(err));
        throw err;
      } finally {
        // After an error the connection is closed, as the pool's own `query` does: its statements go
        // with it, so what it keeps is never in doubt.
        if (failed) kept[at]!.names.clear();
        client.release(failed);
      }
    },
    use: () => ({
      max: connections,
      total: pools.reduce((n, p) => n + p.totalCount, 0),
      idle: pools.reduce((n, p) => n + p.idleCount, 0),
      waiting: pools.reduce((n, p) => n + p.waitingCount, 0),
    }),
    statements: () => ({ kept: kept.reduce((n, slot) => n + slot.names.size, 0), prepared, warmed, deallocated }),
    async warm(shapes, perConnection) {
      const byHome = pools.map(() => [] as StatementShape[]);
      for (const shape of shapes) {
        const home = byHome[homeOf(shape.name, connections)]!;
        if (home.length < Math.min(perConnection, cap)) home.push(shape);
      }
      const failed: string[] = [];
      const before = warmed;
      // Each connection plans its own in turn; the connections plan at the same time.
      await Promise.all(byHome.map((list, at) => (list.length > 0 ? warmOn(at, list.reverse(), failed) : Promise.resolve())));
      return { warmed: warmed - before, failed };
    },
    takeSeen() {
      const taken = [...seen].map(([name, text]) => ({ name, text }));
      seen = new Map();
      return taken;
    },
    giveBackSeen(shapes) {
      for (const { name, text } of shapes) if (!seen.has(name)) seen.set(name, text);
    },
    observe: (observer) => {
      for (const pool of pools) observePool(pool, observer);
    },
    close: async () => {
      await Promise.all(pools.map((p) => p.end()));
    },
  };
}

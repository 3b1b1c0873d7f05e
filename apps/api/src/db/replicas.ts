import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Db } from './database.ts';
import { openReadOnlyPostgres, type ReadOnlyDatabase } from './read-only-database.ts';

/**
 * PostgreSQL read replicas (hot standbys fed by streaming replication) and whether each may be read
 * from now (decision 033). A check every `checkEveryMs` reads each replica's replay position and age
 * beside the primary's WAL position; a replica that does not answer, is no longer a standby, or is
 * further behind than `maxLagMs` is out of rotation until a later check finds it well again.
 */
export interface Replica {
  /** Host, port and database of its URL: never its user or password. */
  name: string;
  db: Db;
}

export interface ReplicaState {
  name: string;
  inRotation: boolean;
  /** How far behind the primary it was at the last check (0: it had replayed all the primary had); null: unknown. */
  lagMs: number | null;
  /** The WAL position it had replayed at the last check (`16/B374D848`). */
  replayLsn: string | null;
  /** Why it is out of rotation, when it is. */
  problem: string | null;
  checkedAt: Date | null;
}

export interface ReplicaSet {
  /**
   * The next replica in rotation, in turn; with `afterLsn`, only one that had replayed at least that
   * far at its last check. Undefined: read the primary.
   */
  pick(afterLsn?: bigint): Replica | undefined;
  /** A read on `replica` lost its connection: out of rotation until the next check finds it well. */
  failed(replica: Replica, err: unknown): void;
  /** The primary's WAL position now (`pg_current_wal_lsn()`). */
  primaryLsn(): Promise<bigint>;
  /** One round of checks, now (the background check runs these). */
  check(): Promise<void>;
  states(): ReplicaState[];
  /** Replica connections in use, by replica and pool, for the metrics. */
  pools(): { replica: string; pool: 'main' | 'prepared'; max: number; total: number; idle: number; waiting: number }[];
  close(): Promise<void>;
}

export interface ReplicaSetOptions {
  urls: string[];
  /** The primary's handle: its WAL position is read there. */
  primary: Db;
  maxLagMs: number;
  /** How often the replicas are checked (default 1 s); 0: only when `check()` is called (tests). */
  checkEveryMs?: number;
  schemaName?: string | undefined;
  poolSize?: number;
  preparedPoolSize?: number;
  preparedStatements?: number;
  /** A replica coming back into rotation or leaving it, and connection errors of idle clients. */
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => number;
}

/** `16/B374D848` as one number, so positions compare. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) throw new Error(`Not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** Where a replica URL points, without its credentials. */
export function replicaName(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'replica';
  }
}

/** A replica failing this way is gone (stopped, unreachable, shutting down), not merely refusing one statement. */
export function connectionLost(err: unknown): boolean {
  if (!(err instanceof pg.DatabaseError)) return true;
  const code = err.code ?? '';
  return code.startsWith('08') || code.startsWith('57P') || code.startsWith('53');
}

const CHECK_TIMEOUT_MS = 1_000;
/** The primary's positions kept, to tell how long ago the primary was where a replica is now. */
const SAMPLES_KEPT = 600;

interface Member extends Replica {
  connections: ReadOnlyDatabase;
  state: ReplicaState;
  replay: bigint | undefined;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function openReplicaSet(options: ReplicaSetOptions): ReplicaSet {
  const now = options.now ?? Date.now;
  const members: Member[] = options.urls.map((url, index) => {
    const name = replicaName(url);
    const connections = openReadOnlyPostgres(url, {
      schemaName: options.schemaName,
      applicationName: `toolshed-replica-${index + 1}`,
      poolSize: options.poolSize ?? 10,
      preparedPoolSize: options.preparedPoolSize ?? 4,
      preparedStatements: options.preparedStatements ?? 200,
      connectTimeoutMs: 2_000,
      onPoolError: (err) => options.log.warn({ replica: name, err: err.message }, 'read replica connection lost'),
    });
    return {
      name,
      db: connections.db,
      connections,
      replay: undefined,
      // Out of rotation until the first check has seen it well.
      state: { name, inRotation: false, lagMs: null, replayLsn: null, problem: 'not checked yet', checkedAt: null },
    };
  });
  const samples: { at: number; lsn: bigint }[] = [];
  let turn = 0;
  let checking: Promise<void> | undefined;
  let closed = false;

  async function primaryLsn(): Promise<bigint> {
    const [row] = await queryRows<{ lsn: string }>(options.primary, sql`select pg_current_wal_lsn()::text as lsn`);
    return parseLsn(row!.lsn);
  }

  function settle(member: Member, next: Omit<ReplicaState, 'name' | 'checkedAt'>) {
    const was = member.state.inRotation;
    member.state = { name: member.name, checkedAt: new Date(now()), ...next };
    if (was && !next.inRotation)
      options.log.warn({ replica: member.name, problem: next.problem, lagMs: next.lagMs }, 'read replica out of rotation');
    if (!was && next.inRotation) options.log.info({ replica: member.name, lagMs: next.lagMs }, 'read replica in rotation');
  }

  /**
   * How far behind a replica at `replay` is. Caught up with the primary's position of this check: 0
   * (an idle primary writes nothing, and the age of the last transaction replayed only grows). Else
   * the smaller of two upper bounds: the time since the primary was last seen at or before `replay`,
   * and the age of the last transaction replayed (what follows it is all the replica lacks).
   */
  function lagOf(replay: bigint, primary: bigint | undefined, replayAgeMs: number | null, at: number): number | null {
    if (primary !== undefined && replay >= primary) return 0;
    let bound: number | null = replayAgeMs === null ? null : Math.max(0, replayAgeMs);
    for (let i = samples.length - 1; i >= 0; i--) {
      if (samples[i]!.lsn <= replay) {
        const sinceSeen = at - samples[i]!.at;
        bound = bound === null ? sinceSeen : Math.min(bound, sinceSeen);
        break;
      }
    }
    return bound === null ? null : Math.round(bound);
  }

  async function checkOne(member: Member, primary: bigint | undefined, at: number): Promise<void> {
    try {
      const [row] = await withTimeout(
        queryRows<{ standby: boolean; lsn: string | null; age_ms: number | string | null }>(
          member.db,
          sql`select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn,
                (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as age_ms`,
        ),
        CHECK_TIMEOUT_MS,
        member.name,
      );
      if (!row?.standby) {
        member.replay = undefined;
        return settle(member, { inRotation: false, lagMs: null, replayLsn: null, problem: 'not a standby (promoted?)' });
      }
      if (!row.lsn) {
        member.replay = undefined;
        return settle(member, { inRotation: false, lagMs: null, replayLsn: null, problem: 'nothing replayed yet' });
      }
      const replay = parseLsn(row.lsn);
      member.replay = replay;
      const lagMs = lagOf(replay, primary, row.age_ms === null ? null : Number(row.age_ms), at);
      const behind = lagMs === null || lagMs > options.maxLagMs;
      settle(member, {
        inRotation: !behind,
        lagMs,
        replayLsn: row.lsn,
        problem: behind ? (lagMs === null ? 'lag unknown' : `${lagMs} ms behind (bound ${options.maxLagMs} ms)`) : null,
      });
    } catch (err) {
      settle(member, {
        inRotation: false,
        lagMs: null,
        replayLsn: member.state.replayLsn,
        problem: err instanceof Error ? err.message : String(err),
      });
    }
  }

  async function checkAll(): Promise<void> {
    const at = now();
    let primary: bigint | undefined;
    try {
      primary = await primaryLsn();
      samples.push({ at, lsn: primary });
      if (samples.length > SAMPLES_KEPT) samples.splice(0, samples.length - SAMPLES_KEPT);
    } catch (err) {
      // Without the primary's position, only the replay age tells the lag.
      options.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'primary WAL position not read');
    }
    await Promise.all(members.map((m) => checkOne(m, primary, at)));
  }

  const check = () => {
    // One round at a time: a slow replica must not pile checks up.
    checking ??= checkAll().finally(() => (checking = undefined));
    return checking;
  };

  const every = options.checkEveryMs ?? 1_000;
  const timer =
    every > 0
      ? setInterval(() => {
          if (!closed) void check();
        }, every)
      : undefined;
  timer?.unref();

  return {
    pick(afterLsn) {
      const ready = members.filter(
        (m) => m.state.inRotation && (afterLsn === undefined || (m.replay !== undefined && m.replay >= afterLsn)),
      );
      if (ready.length === 0) return undefined;
      turn = (turn + 1) % 1_000_000;
      return ready[turn % ready.length];
    },
    failed(replica, err) {
      const member = members.find((m) => m === replica);
      if (!member || !member.state.inRotation) return;
      settle(member, {
        inRotation: false,
        lagMs: member.state.lagMs,
        replayLsn: member.state.replayLsn,
        problem: `read failed: ${err instanceof Error ? err.message : String(err)}`,
      });
    },
    primaryLsn,
    check,
    states: () => members.map((m) => ({ ...m.state })),
    pools: () =>
      members.flatMap((m) => {
        const use = m.connections.pools();
        return [
          { replica: m.name, pool: 'main' as const, ...use.main },
          { replica: m.name, pool: 'prepared' as const, ...use.prepared },
        ];
      }),
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await checking?.catch(() => undefined);
      await Promise.all(members.map((m) => m.connections.close()));
    },
  };
}

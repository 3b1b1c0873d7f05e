import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { statementName, type PreparedReads, type StatementShape } from './prepared-reads.ts';
import { queryRows } from './query-rows.ts';

/**
 * A warm start for the prepared reads (decision 018): the statements they run are written down
 * (`statement_shapes`, migration 0043), and a process starting plans the most recently seen on their
 * home connections before it answers. A browse statement takes 2-24 ms to parse and plan on its first
 * run against 0.5-1.4 ms for a warm run, so without this every shape paid that once per connection
 * after each restart, and the rarer shapes paid it in their slowest answers for a long while.
 *
 * Only texts are kept: every value a statement runs with is a parameter, never part of its text. A
 * text is planned only when its name is its hash and it is one SELECT (PREPARE takes a single
 * statement, and EXPLAIN EXECUTE plans it without running it); one that fails (its tables changed since
 * it was seen) is dropped from the table.
 */
export interface StatementShapes {
  /** Plans the most recently seen statements, at most `perConnection` on each prepared-read connection. */
  warm(perConnection: number): Promise<{ warmed: number; dropped: number; ms: number }>;
  /** Writes down the statements first run since the last save; how many. */
  save(): Promise<number>;
}

/** Statements not seen for this long are forgotten. */
const FORGOTTEN_AFTER_DAYS = 30;
/** The most statements kept: past it, those seen longest ago go. */
const MOST_KEPT = 2_000;

/** A text that may be planned at start: named by its hash, and a query that only reads. */
export function plannable(shape: StatementShape): boolean {
  return statementName(shape.text) === shape.name && /^\s*(select|with)\s/i.test(shape.text);
}

export function statementShapes(db: Db, reads: PreparedReads, connections: number): StatementShapes {
  return {
    async warm(perConnection) {
      const started = performance.now();
      if (perConnection <= 0) return { warmed: 0, dropped: 0, ms: 0 };
      const rows = await queryRows<StatementShape>(
        db,
        sql`select name, text from statement_shapes order by seen_at desc, name limit ${perConnection * connections * 2}`,
      );
      const refused = rows.filter((r) => !plannable(r)).map((r) => r.name);
      const { warmed, failed } = await reads.warm(rows.filter(plannable), perConnection);
      const dropped = [...refused, ...failed];
      if (dropped.length > 0) await queryRows(db, sql`delete from statement_shapes where name = any(${sql.param(dropped)}::text[])`);
      return { warmed, dropped: dropped.length, ms: Math.round(performance.now() - started) };
    },

    async save() {
      const seen = reads.takeSeen();
      if (seen.length === 0) return 0;
      try {
        await queryRows(
          db,
          sql`insert into statement_shapes (name, text)
              select * from unnest(${sql.param(seen.map((s) => s.name))}::text[], ${sql.param(seen.map((s) => s.text))}::text[])
              on conflict (name) do update set seen_at = now()`,
        );
        await queryRows(
          db,
          sql`delete from statement_shapes
              where seen_at < now() - make_interval(days => ${FORGOTTEN_AFTER_DAYS})
                 or name in (select name from statement_shapes order by seen_at desc, name offset ${MOST_KEPT})`,
        );
      } catch (err) {
        // Not written: kept for the next save.
        reads.giveBackSeen(seen);
        throw err;
      }
      return seen.length;
    },
  };
}

/**
 * Saves `shapes` every `everyMs` while the process runs (a tick is skipped while a save is still in
 * flight), and once more on `stop` (at shutdown), after waiting for a save in flight, which would
 * otherwise meet a closed pool. A failed save is reported and its statements tried again on the next.
 */
export function keepStatementShapes(shapes: StatementShapes, everyMs: number, onError: (err: unknown) => void): { stop(): Promise<void> } {
  let inFlight: Promise<void> | undefined;
  const save = () => {
    const saving = shapes
      .save()
      .then(() => undefined, onError)
      .finally(() => {
        if (inFlight === saving) inFlight = undefined;
      });
    inFlight = saving;
    return saving;
  };
  const timer = setInterval(() => {
    if (!inFlight) void save();
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
      await save();
    },
  };
}

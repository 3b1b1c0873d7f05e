import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import { toInt, toNumber, toNumberOrNull } from '../../db/row-values.ts';

/*
 * The figures below stay SQL: each counts several states of one table in a single pass with
 * `count(*) filter (where ...)`, which the query builder has no words for.
 */

/** The job queue's figures for one job name. */
export interface JobCounts {
  name: string;
  queued: number;
  /** Queued and due by `at`, not claimed yet. */
  due: number;
  running: number;
  failed: number;
  /** How long the oldest due job has waited by `at`, in seconds; null when none is due. */
  oldestDueSeconds: number | null;
}

/** Jobs queued, due, running and failed, by job name, as of `at`. */
export async function countJobsByName(db: Db, at: Date): Promise<JobCounts[]> {
  const iso = at.toISOString();
  const rows = await queryRows<{ name: string; queued: unknown; due: unknown; running: unknown; failed: unknown; oldest_due_s: unknown }>(
    db,
    sql`select name,
          count(*) filter (where status = 'queued')::int as queued,
          count(*) filter (where status = 'queued' and run_at <= ${iso})::int as due,
          count(*) filter (where status = 'running')::int as running,
          count(*) filter (where status = 'failed')::int as failed,
          extract(epoch from (${iso}::timestamptz - min(run_at) filter (where status = 'queued' and run_at <= ${iso})))::float8 as oldest_due_s
        from jobs where status in ('queued', 'running', 'failed') group by name`,
  );
  return rows.map((row) => ({
    name: row.name,
    queued: toInt(row.queued, 'queued'),
    due: toInt(row.due, 'due'),
    running: toInt(row.running, 'running'),
    failed: toInt(row.failed, 'failed'),
    oldestDueSeconds: toNumberOrNull(row.oldest_due_s, 'oldest_due_s'),
  }));
}

/** Rentals ever booked: still open, returned, cancelled. */
export async function countBookingsByState(db: Db): Promise<{ open: number; returned: number; cancelled: number }> {
  const [row] = await queryRows<{ open: unknown; returned: unknown; cancelled: unknown }>(
    db,
    sql`select count(*) filter (where cancelled_at is null and not returned)::int as open,
               count(*) filter (where cancelled_at is null and returned)::int as returned,
               count(*) filter (where cancelled_at is not null)::int as cancelled
        from rentals`,
  );
  return row
    ? { open: toInt(row.open, 'open'), returned: toInt(row.returned, 'returned'), cancelled: toInt(row.cancelled, 'cancelled') }
    : { open: 0, returned: 0, cancelled: 0 };
}

/** Card payments by status: how many, and their sum in pence (a bigint sent as text, read as a number as the gauge takes it). */
export async function sumPaymentsByStatus(db: Db): Promise<{ status: string; count: number; pence: number }[]> {
  const rows = await queryRows<{ status: string; n: unknown; pence: unknown }>(
    db,
    sql`select status, count(*)::int as n, coalesce(sum(amount_pence), 0)::bigint as pence from payments group by status`,
  );
  return rows.map((row) => ({ status: row.status, count: toInt(row.n, 'n'), pence: toNumber(row.pence, 'pence') }));
}

import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/** Runs raw SQL and returns its rows; the one place the driver's result shape is read. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

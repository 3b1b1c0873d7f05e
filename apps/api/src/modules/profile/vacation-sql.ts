import { sql, type SQL } from 'drizzle-orm';

/**
 * Browsing with dates leaves out items whose owner is away (vacation mode) on the first day asked
 * for: a vacation blocks every day from today up to its end date. For `items i` in browse queries.
 */
export function ownerNotAwayOn(startDate: string): SQL {
  return sql`not exists (select 1 from users away where away.id = i.owner_id and away.vacation_until >= ${startDate}::date)`;
}

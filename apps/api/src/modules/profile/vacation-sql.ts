import { sql, type SQL } from 'drizzle-orm';

/**
 * Browsing with dates leaves out items whose owner is away (vacation mode) on the first day asked
 * for: a vacation blocks every day from today up to its end date. For `i` in browse queries (items
 * or search postings, both with `owner_id`). The owners away are read once (an init plan over the
 * vacation index) and each candidate is checked against that short list, so the plan stays the
 * same whatever the date: it can be prepared once and reused (decision 017).
 */
export function ownerNotAwayOn(startDate: string, alias = 'i'): SQL {
  return sql`${sql.raw(alias)}.owner_id <> all(array(select away.id from users away where away.vacation_until >= ${startDate}::date))`;
}

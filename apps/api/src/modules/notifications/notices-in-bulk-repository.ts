import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@toolshed/core/contract';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';
import type { Notice } from './notifier.ts';

/** The attempts of an email or text job: the queue's default, which the notifier registers them with. */
const JOB_ATTEMPTS = 5;

const COLUMNS: Record<keyof NotificationPreferences, string> = {
  email: 'email',
  push: 'push',
  sms: 'sms',
  newRequests: 'new_requests',
  statusUpdates: 'status_updates',
  returnReminders: 'return_reminders',
  marketing: 'marketing',
};

/** A preference switch of the member `p` (their saved row, or the default when they never saved one). */
const switchOn = (name: keyof NotificationPreferences) =>
  sql`coalesce(${sql.raw(`p.${COLUMNS[name]}`)}, ${DEFAULT_NOTIFICATION_PREFERENCES[name]})`;

/** `wantsEmail` of notification-kinds.ts, as SQL over the kind `n.kind` and the preferences `p`. */
function wantsEmailSql(): SQL {
  const cases = Object.entries(NOTIFICATION_KINDS).map(([kind, rule]) => {
    const wants =
      rule.preference === null
        ? sql`true`
        : rule.preference === 'alerts'
          ? switchOn('email')
          : sql`${switchOn('email')} and ${switchOn(rule.preference)}`;
    return sql`when ${kind} then ${wants}`;
  });
  return sql`(case n.kind ${sql.join(cases, sql` `)} else false end)`;
}

/** `wantsSms` of notification-kinds.ts, as SQL likewise. */
function wantsSmsSql(): SQL {
  const cases = Object.entries(NOTIFICATION_KINDS).map(([kind, rule]) => {
    const wants =
      rule.sms && rule.preference !== null && (rule.preference as string) !== 'alerts'
        ? sql`${switchOn('sms')} and ${switchOn(rule.preference as keyof NotificationPreferences)}`
        : sql`false`;
    return sql`when ${kind} then ${wants}`;
  });
  return sql`(case n.kind ${sql.join(cases, sql` `)} else false end)`;
}

/** The notices as one JSON parameter, the statement's rows. */
const asRecords = (notices: readonly Notice[]) =>
  JSON.stringify(
    notices.map((n) => ({
      user_id: n.userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      tab: n.tab,
      group_key: n.groupKey,
      item_id: n.itemId ?? null,
      rental_id: n.rentalId ?? null,
      event_key: n.eventKey,
    })),
  );

/**
 * Many notices in one statement, whatever their number (one JSON parameter): the in-app entries
 * (a member's second with the same event key is not written), and for each one written the email
 * and text jobs its member's preferences allow (`wantsEmail`, `wantsSms`), keyed by the notification
 * as the notifier keys them. How many notices were written.
 */
async function insertNoticesWithJobs(
  db: Db,
  executor: Executor,
  notices: readonly Notice[],
  jobs: { email: string; sms: string },
  at: Date,
): Promise<number> {
  if (notices.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(
    executor as Db,
    sql`with n as (
          select * from jsonb_to_recordset(${asRecords(notices)}::jsonb)
            as x(user_id text, kind text, title text, body text, link text, tab text, group_key text, item_id uuid, rental_id uuid, event_key text)
        ),
        written as (
          insert into notifications (user_id, kind, title, body, link, tab, group_key, item_id, rental_id, event_key, created_at)
          select user_id, kind, title, body, link, tab, group_key, item_id, rental_id, event_key, ${at} from n
          on conflict (user_id, event_key) where event_key is not null do nothing
          returning id, user_id, kind
        ),
        wants as (
          select n.id, ${wantsEmailSql()} as email, ${wantsSmsSql()} as sms
            from written n left join notification_preferences p on p.user_id = n.user_id
        ),
        queued as (
          insert into jobs (name, payload, key, run_at, max_attempts)
          select j.name, jsonb_build_object('notificationId', wants.id), j.name || ':' || wants.id, ${at}, ${JOB_ATTEMPTS}
            from wants, lateral (select ${jobs.email} as name where wants.email union all select ${jobs.sms} where wants.sms) j
          on conflict (key) do nothing
        )
        select count(*)::int as n from written`,
  );
  return row?.n ?? 0;
}

export function createNoticesInBulkRepository(db: Db) {
  return { insertWithJobs: withDb(db, insertNoticesWithJobs) };
}

import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { toInt, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/row-values.ts';
import { messages, notifications, rateLimits } from '../../db/schema.ts';

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

const interval = (ms: number) => `${ms} milliseconds`;

/** What a batched message email tells: the unread messages of one conversation for one recipient. */
export interface UnreadNews {
  unread: number;
  /** The newest unread message already noticed; null when none is. */
  latest: string | null;
  senderName: string;
  itemId: string;
  itemName: string;
  ownerId: string;
  renterId: string;
}

async function unreadMessageNews(db: Db, threadId: string, recipientId: string): Promise<UnreadNews | undefined> {
  const [news] = await rows<{
    unread: unknown;
    latest: string | null;
    sender_name: string;
    item_id: string;
    item_name: string;
    owner_id: string;
    renter_id: string;
  }>(
    db,
    sql`select count(*)::int as unread, s.name as sender_name, t.item_id, i.name as item_name, t.owner_id, t.renter_id,
               -- the newest one already counted (its notice is written with its count)
               (array_agg(m.body order by m.seq desc) filter (where exists (
                  select 1 from notifications n where n.user_id = ${recipientId} and n.event_key = 'message.received:' || m.id::text)))[1] as latest
        from message_threads t
        join items i on i.id = t.item_id
        join users s on s.id = case when t.owner_id = ${recipientId} then t.renter_id else t.owner_id end
        join messages m on m.thread_id = t.id and m.sender_id <> ${recipientId} and m.read_at is null
        where t.id = ${threadId}::uuid
        group by s.name, t.item_id, i.name, t.owner_id, t.renter_id`,
  );
  return news
    ? {
        unread: toInt(news.unread, 'unread'),
        latest: news.latest,
        senderName: news.sender_name,
        itemId: news.item_id,
        itemName: news.item_name,
        ownerId: news.owner_id,
        renterId: news.renter_id,
      }
    : undefined;
}

/** Counts a message and returns when the window of the email that will tell it ends (one atomic upsert). */
async function countForEmailOf(db: Db, tx: Executor, key: string, at: string, windowMs: number): Promise<Date> {
  const window = interval(windowMs);
  const [row] = await rows<{ window_ends: unknown }>(
    tx,
    sql`insert into rate_limits (key, count, window_ends) values (${key}, 1, ${at}::timestamptz + ${window}::interval)
        on conflict (key) do update set
          count = rate_limits.count + 1,
          window_ends = case
            -- no email in the last window: one now
            when rate_limits.window_ends <= ${at} then excluded.window_ends
            -- an email is planned for later: it will count this message
            when rate_limits.window_ends - ${window}::interval > ${at} then rate_limits.window_ends
            -- the last one is due or went less than a window ago: the next when that window is over
            else rate_limits.window_ends + ${window}::interval
          end
        returning window_ends`,
  );
  return new Date(toIsoTimestamp(row!.window_ends, 'window_ends'));
}

/**
 * The SQL of message notices' email batching (message-notices.ts says the rules). The state of one
 * conversation and recipient is a `rate_limits` row: `count` messages noticed and not yet emailed,
 * `window_ends` the last planned email's time plus the window.
 */
export function createMessageNoticesRepository(db: Db) {
  return {
    /*
     * The upsert below and the unread news stay SQL: a conflict update choosing the window by a CASE
     * over the old and the excluded row, and an aggregate filtered by a correlated EXISTS, read more
     * plainly as written than as builder calls.
     */

    countForEmail: withDb(db, countForEmailOf),

    /** The message's conversation and whether it was read, locked against the reader's "mark read". */
    async messageForNotice(tx: Executor, messageId: string): Promise<{ threadId: string; readAt: Date | null } | undefined> {
      const [msg] = await tx
        .select({ threadId: messages.threadId, readAt: messages.readAt })
        .from(messages)
        .where(eq(messages.id, messageId))
        .for('share');
      if (!msg) return undefined;
      const readAt = toIsoTimestampOrNull(msg.readAt, 'read_at');
      return { threadId: msg.threadId, readAt: readAt === null ? null : new Date(readAt) };
    },

    /** How many messages wait to be emailed, locked (null: no state row). */
    async waitingCount(key: string): Promise<number | null> {
      const [state] = await db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key)).for('update');
      return state ? toInt(state.count, 'count') : null;
    },

    /** These messages have had their turn. */
    async takeCount(key: string, taken: number): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - ${taken}, 0)` })
        .where(eq(rateLimits.key, key));
    },

    /** No email went: the window this one held is given back, unless a later email is planned already. */
    async giveBackWindow(key: string, sendAt: string, windowMs: number): Promise<void> {
      const window = interval(windowMs);
      await db
        .update(rateLimits)
        .set({ windowEnds: sql`${rateLimits.windowEnds} - ${window}::interval` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowEnds, sql`${sendAt}::timestamptz + ${window}::interval`)));
    },

    unreadNews: withDb(db, unreadMessageNews),

    /** The reader opened the conversation: its message notices are read too. */
    async readConversationNotices(tx: Executor, threadId: string, readerId: string, at: Date): Promise<void> {
      const noticeKeys = tx
        .select({ key: sql`'message.received:' || ${messages.id}::text` })
        .from(messages)
        .where(and(eq(messages.threadId, threadId), ne(messages.senderId, readerId)));
      await tx
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.userId, readerId),
            isNull(notifications.readAt),
            eq(notifications.kind, 'message.received'),
            inArray(notifications.eventKey, noticeKeys),
          ),
        );
    },
  };
}

import { and, eq, isNotNull, isNull, lt, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { toInt, toIntOrNull, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/row-values.ts';
import { messageThreads, messages, rentals } from '../../db/schema.ts';

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One message of a thread. */
export interface MessageRecord {
  id: string;
  /** Its position in the thread. */
  seq: number;
  senderId: string;
  body: string;
  /** ISO timestamps. */
  readAt: string | null;
  createdAt: string;
}

/** One of the owner's people for an item: someone who wrote or booked it. */
export interface ThreadSummary {
  renterId: string;
  renterName: string;
  lastMessageAt: string | null;
  unreadCount: number;
  hasRental: boolean;
}

/** The item with its owner, and the renter's thread with them if there is one. */
export interface ItemAndThread {
  id: string;
  name: string;
  ownerId: string;
  ownerName: string;
  deleted: boolean;
  threadId: string | null;
  renterName: string | null;
}

interface MessageRow {
  id: string;
  seq: unknown;
  sender_id: string;
  body: string;
  read_at: unknown;
  created_at: unknown;
}

interface ThreadRow {
  renter_id: string;
  renter_name: string;
  last_message_at: unknown;
  unread_count: unknown;
  has_rental: boolean;
}

/** From a row or from the JSON of one (`since`): the times are then text. */
const toMessage = (r: MessageRow): MessageRecord => ({
  id: r.id,
  seq: toInt(r.seq, 'seq'),
  senderId: r.sender_id,
  body: r.body,
  readAt: toIsoTimestampOrNull(r.read_at, 'read_at'),
  createdAt: toIsoTimestamp(r.created_at, 'created_at'),
});

const toThread = (r: ThreadRow): ThreadSummary => ({
  renterId: r.renter_id,
  renterName: r.renter_name,
  lastMessageAt: toIsoTimestampOrNull(r.last_message_at, 'last_message_at'),
  unreadCount: toInt(r.unread_count, 'unread_count'),
  hasRental: r.has_rental,
});

const columns = sql`id, seq::int as seq, sender_id, body, read_at, created_at`;

/**
 * The only place the messages' SQL lives. Statements stay SQL where the builder cannot say them:
 * a CTE choosing the thread's renter, the owner's people as a union with correlated counts, and the
 * message pages, which share one column list with the JSON aggregate of new messages.
 */
/** How many people wrote about or booked an item (for a page past the end of its list). */
async function countPeople(db: Db, itemId: string): Promise<number> {
  const [row] = await rows<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from (
          select renter_id from message_threads where item_id = ${itemId}::uuid
          union select renter_id from rentals where item_id = ${itemId}::uuid) p`,
  );
  return toIntOrNull(row?.n, 'n') ?? 0;
}

/**
 * The item with its owner, and the thread of the renter: `withId` when the asker owns the item,
 * else the asker. One query, since an open conversation asks it every few seconds.
 */
async function findItemAndThread(db: Db, itemId: string, askerId: string, withId: string | undefined): Promise<ItemAndThread | undefined> {
  const found = await rows<{
    id: string;
    name: string;
    owner_id: string;
    owner_name: string;
    deleted: boolean;
    thread_id: string | null;
    renter_name: string | null;
  }>(
    db,
    sql`with i as (select id, name, owner_id, deleted_at, case when owner_id = ${askerId} then ${withId ?? null}::text else ${askerId} end as renter_id
                   from items where id = ${itemId}::uuid)
        select i.id, i.name, i.owner_id, u.name as owner_name, i.deleted_at is not null as deleted, t.id as thread_id, rn.name as renter_name
        from i join users u on u.id = i.owner_id
        left join users rn on rn.id = i.renter_id
        left join message_threads t on t.item_id = i.id and t.renter_id = i.renter_id`,
  );
  const r = found[0];
  return r
    ? {
        id: r.id,
        name: r.name,
        ownerId: r.owner_id,
        ownerName: r.owner_name,
        deleted: r.deleted,
        threadId: r.thread_id,
        renterName: r.renter_name,
      }
    : undefined;
}

/**
 * The owner's people for an item: everyone who wrote, and everyone who booked it, the latest
 * message first; `limit` of them after `offset`, and how many there are in all.
 */
async function ownerThreads(
  db: Db,
  itemId: string,
  ownerId: string,
  slice: { limit: number; offset: number },
): Promise<{ threads: ThreadSummary[]; total: number }> {
  const found = await rows<ThreadRow & { total: unknown }>(
    db,
    sql`with people as (
          select renter_id from message_threads where item_id = ${itemId}::uuid
          union select renter_id from rentals where item_id = ${itemId}::uuid
        )
        select p.renter_id, u.name as renter_name, t.last_message_at,
               coalesce((select count(*) from messages m where m.thread_id = t.id and m.sender_id <> ${ownerId} and m.read_at is null), 0)::int as unread_count,
               exists (select 1 from rentals r where r.item_id = ${itemId}::uuid and r.renter_id = p.renter_id) as has_rental,
               count(*) over () as total
        from people p join users u on u.id = p.renter_id
        left join message_threads t on t.item_id = ${itemId}::uuid and t.renter_id = p.renter_id
        order by t.last_message_at desc nulls last, u.name, p.renter_id
        limit ${slice.limit} offset ${slice.offset}`,
  );
  const total = found[0] ? toInt(found[0].total, 'total') : slice.offset > 0 ? await countPeople(db, itemId) : 0;
  return { threads: found.map(toThread), total };
}

/** Creates the thread if it is new and adds the message; in the caller's transaction. */
async function addMessage(
  db: Db,
  tx: Executor,
  t: { itemId: string; ownerId: string; renterId: string },
  senderId: string,
  body: string,
  now: Date,
): Promise<MessageRecord> {
  await tx
    .insert(messageThreads)
    .values({ ...t, lastMessageAt: now, createdAt: now })
    .onConflictDoUpdate({ target: [messageThreads.itemId, messageThreads.renterId], set: { lastMessageAt: now } });
  const [thread] = await tx
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(and(eq(messageThreads.itemId, t.itemId), eq(messageThreads.renterId, t.renterId)));
  const [row] = await rows<MessageRow>(
    tx,
    sql`insert into messages (thread_id, sender_id, body, created_at) values (${thread!.id}::uuid, ${senderId}, ${body}, ${now.toISOString()}) returning ${columns}`,
  );
  return toMessage(row!);
}

/** What is new after `after` and how far the other person has read `readerOf`'s messages: one query. */
async function messagesSince(
  db: Db,
  threadId: string,
  after: number,
  readerOf: string,
  limit: number,
): Promise<{ messages: MessageRecord[]; readUpTo: number }> {
  const [row] = await rows<{ messages: MessageRow[]; read_up_to: unknown }>(
    db,
    sql`select (select max(seq)::int from messages where thread_id = ${threadId}::uuid and sender_id = ${readerOf} and read_at is not null) as read_up_to,
               coalesce((select json_agg(m order by m.seq) from (
                 select ${columns} from messages where thread_id = ${threadId}::uuid and seq > ${after} order by seq limit ${limit}
               ) m), '[]'::json) as messages`,
  );
  return { messages: (row?.messages ?? []).map(toMessage), readUpTo: toIntOrNull(row?.read_up_to, 'read_up_to') ?? 0 };
}

export function createMessagesRepository(db: Db) {
  return {
    itemAndThread: withDb(db, findItemAndThread),

    async hasRental(itemId: string, renterId: string): Promise<boolean> {
      const found = await db
        .select({ one: sql`1` })
        .from(rentals)
        .where(and(eq(rentals.itemId, itemId), eq(rentals.renterId, renterId)))
        .limit(1);
      return found.length > 0;
    },

    threadsOfOwner: (
      itemId: string,
      ownerId: string,
      slice: { limit: number; offset: number },
    ): Promise<{ threads: ThreadSummary[]; total: number }> => ownerThreads(db, itemId, ownerId, slice),

    /** Up to `limit` messages before a position (or the newest), oldest first. */
    async page(threadId: string, opts: { before?: number | undefined; limit: number }): Promise<MessageRecord[]> {
      const before = opts.before === undefined ? sql`` : sql`and seq < ${opts.before}`;
      const newest = await rows<MessageRow>(
        db,
        sql`select ${columns} from messages where thread_id = ${threadId}::uuid ${before} order by seq desc limit ${opts.limit}`,
      );
      return newest.reverse().map(toMessage);
    },

    since: withDb(db, messagesSince),

    async hasOlder(threadId: string, seq: number): Promise<boolean> {
      const found = await db
        .select({ one: sql`1` })
        .from(messages)
        .where(and(eq(messages.threadId, threadId), lt(messages.seq, seq)))
        .limit(1);
      return found.length > 0;
    },

    /** The highest position of `senderId`'s messages that the other person has read. */
    async readUpTo(threadId: string, senderId: string): Promise<number> {
      const [row] = await db
        .select({ seq: max(messages.seq) })
        .from(messages)
        .where(and(eq(messages.threadId, threadId), eq(messages.senderId, senderId), isNotNull(messages.readAt)));
      return toIntOrNull(row?.seq, 'seq') ?? 0;
    },

    add: (
      tx: Executor,
      t: { itemId: string; ownerId: string; renterId: string },
      senderId: string,
      body: string,
      now: Date,
    ): Promise<MessageRecord> => addMessage(db, tx, t, senderId, body, now),

    /** Marks what the other person sent as read by `readerId`; in the caller's transaction. */
    async markRead(tx: Executor, threadId: string, readerId: string, now: Date): Promise<void> {
      await tx
        .update(messages)
        .set({ readAt: now })
        .where(and(eq(messages.threadId, threadId), ne(messages.senderId, readerId), isNull(messages.readAt)));
    },
  };
}

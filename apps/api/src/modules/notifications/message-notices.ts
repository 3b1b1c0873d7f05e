import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { wantsEmail } from './notification-kinds.ts';
import { notificationEmail } from './notification-email.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { itemGroup } from './notification-subscribers.ts';
import { preferencesPath } from './notifier.ts';

/** At most one email per conversation and recipient in this long. */
export const MESSAGE_EMAIL_WINDOW_MS = 15 * 60_000;
export const MESSAGE_EMAIL_JOB = 'notifications.message-email';

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Cut by characters, not UTF-16 units, so an emoji is never split. */
function preview(body: string): string {
  const chars = [...body];
  return chars.length > 140 ? `${chars.slice(0, 139).join('')}…` : body;
}

interface EmailJob {
  threadId: string;
  recipientId: string;
  /** When it was planned for (ISO): the quarter it holds ends a window later. */
  sendAt: string;
}

const threadLink = (t: { item_id: string; renter_id: string }, toOwner: boolean) =>
  toOwner ? `/item/${t.item_id}/messages?with=${encodeURIComponent(t.renter_id)}` : `/item/${t.item_id}/messages`;

interface Deps {
  db: Db;
  repo: NotificationRepository;
  jobs: JobQueue;
  events: EventBus;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
}

/**
 * Notices of item messages, kept in step with the conversation:
 *
 * - One in-app notice per message (its cause is the message), so the bell counts unread messages
 *   the way the People list does; opening the conversation reads them all (`readConversation`, in
 *   the same transaction that marks the messages read), and a notice written after its message was
 *   already seen is written read.
 * - Emails are batched per conversation and recipient, at most one per quarter of an hour: the first
 *   message after a quiet quarter is emailed at once; later ones wait for one email when the quarter
 *   since the last is over, saying how many new messages there are (none still unread: no email).
 *   The state is in the database, so every API process plans the same single email: a row of
 *   `rate_limits` per conversation and recipient (`message-email:<thread>:<recipient>`) whose
 *   `window_ends` is the last planned email's time plus the quarter, and whose `count` is how many
 *   messages were noticed and not yet emailed.
 */
export function createMessageNotices({ db, repo, jobs, events, mailer, appUrl, now }: Deps) {
  const stateKey = (threadId: string, recipientId: string) => `message-email:${threadId}:${recipientId}`;

  /**
   * Counts a new message and plans its email, in the notice's transaction (so once per message).
   * One atomic upsert decides when the next email of this conversation to this person goes; its job
   * is keyed by that time, so however many messages (and processes) ask, one job is enqueued.
   */
  async function planEmail(tx: Executor, threadId: string, recipientId: string): Promise<void> {
    const at = now().toISOString();
    const window = `${MESSAGE_EMAIL_WINDOW_MS} milliseconds`;
    const [row] = await rows<{ window_ends: string | Date }>(
      tx,
      sql`insert into rate_limits (key, count, window_ends) values (${stateKey(threadId, recipientId)}, 1, ${at}::timestamptz + ${window}::interval)
          on conflict (key) do update set
            count = rate_limits.count + 1,
            window_ends = case
              -- no email in the last quarter of an hour: one now
              when rate_limits.window_ends <= ${at} then excluded.window_ends
              -- an email is planned for later: it will count this message
              when rate_limits.window_ends - ${window}::interval > ${at} then rate_limits.window_ends
              -- the last one is due or went less than a quarter ago: the next when that quarter is over
              else rate_limits.window_ends + ${window}::interval
            end
          returning window_ends`,
    );
    const sendAt = new Date(new Date(row!.window_ends).getTime() - MESSAGE_EMAIL_WINDOW_MS);
    const payload: EmailJob = { threadId, recipientId, sendAt: sendAt.toISOString() };
    await jobs.enqueue(MESSAGE_EMAIL_JOB, payload, { runAt: sendAt, key: `${MESSAGE_EMAIL_JOB}:${threadId}:${recipientId}:${payload.sendAt}` }, tx);
  }

  // Subscribed as 'notifications', the name this handler had among the other notices, so events
  // already queued under that name are still delivered.
  events.subscribe('message.sent', 'notifications', async (e) => {
    const m = await repo.message(e.messageId);
    if (!m) return; // the thread went with its item
    const toOwner = e.recipientId === m.owner_id;
    await db.transaction(async (tx) => {
      // Locked against the reader's "mark read" (which updates the message first, then the notices):
      // whichever commits second sees the other, so the notice never stays unread for a seen message.
      const [msg] = await rows<{ thread_id: string; read_at: string | Date | null }>(tx, sql`select thread_id, read_at from messages where id = ${e.messageId}::uuid for share`);
      if (!msg) return;
      const id = await repo.insert(tx, {
        userId: e.recipientId,
        kind: 'message.received',
        title: `New message from ${m.sender_name} about ${m.item_name}`,
        body: `${m.sender_name}: ${preview(m.body)}`,
        link: threadLink(m, toOwner),
        tab: toOwner ? 'items' : 'rentals',
        groupKey: itemGroup(m.item_id),
        itemId: m.item_id,
        rentalId: null,
        eventKey: `message.received:${e.messageId}`,
        createdAt: now(),
        readAt: msg.read_at ? new Date(msg.read_at) : null,
      });
      // A notice is written once, so its email is planned once (a repeated event stops here); a
      // message already read needs no email.
      if (!id || msg.read_at) return;
      if (wantsEmail(await repo.preferences(e.recipientId, tx), 'message.received')) await planEmail(tx, msg.thread_id, e.recipientId);
    });
  });

  jobs.register<EmailJob>(MESSAGE_EMAIL_JOB, async ({ threadId, recipientId, sendAt }) => {
    const key = stateKey(threadId, recipientId);
    const window = `${MESSAGE_EMAIL_WINDOW_MS} milliseconds`;
    // FOR UPDATE waits for a message being counted right now, so it is either in this email or plans the next.
    const [state] = await rows<{ count: number }>(db, sql`select count from rate_limits where key = ${key} for update`);
    // No row: it was cleared long after its window (the jobs were stopped); tell what is unread.
    const taken = state ? Number(state.count) : null;
    // These messages have had their turn (called after the send: a send that fails is retried with them).
    const told = async () => {
      if (taken) await db.execute(sql`update rate_limits set count = greatest(count - ${taken}, 0) where key = ${key}`);
    };
    // No email went: the quarter this one held is given back (unless a later one is planned already),
    // so the next message is emailed at once if the last email is a quarter old.
    const nothingSent = async () => {
      await told();
      await db.execute(
        sql`update rate_limits set window_ends = window_ends - ${window}::interval
            where key = ${key} and window_ends = ${sendAt}::timestamptz + ${window}::interval`,
      );
    };
    if (taken === 0) return nothingSent(); // an earlier email told them all
    const to = await repo.recipient(db, recipientId);
    // Preferences as they are now: switching emails off also stops the ones already planned.
    if (!to || to.deleted || !wantsEmail(await repo.preferences(recipientId), 'message.received')) return nothingSent();
    const [news] = await rows<{ unread: number; latest: string | null; sender_name: string; item_id: string; item_name: string; owner_id: string; renter_id: string }>(
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
    // Read in the app meanwhile (or the thread is gone): nothing new to tell.
    if (!news || news.unread === 0 || news.latest === null) return nothingSent();
    const fresh = taken === null ? news.unread : Math.min(taken, news.unread);
    const many = fresh > 1;
    await mailer.send(
      notificationEmail({
        to: to.email,
        name: to.name,
        kind: 'message.received',
        title: many ? `${fresh} new messages from ${news.sender_name} about ${news.item_name}` : `New message from ${news.sender_name} about ${news.item_name}`,
        body: many
          ? `${news.sender_name} sent you ${fresh} new messages about ${news.item_name}. The latest: ${preview(news.latest)}`
          : `${news.sender_name} sent you a message about ${news.item_name}: ${preview(news.latest)}`,
        url: `${appUrl}${threadLink(news, recipientId === news.owner_id)}`,
        preferencesUrl: `${appUrl}${preferencesPath}`,
      }),
    );
    await told();
  });

  return {
    /**
     * The reader opened the conversation: its message notices are read too. Run in the transaction
     * that marked the messages read (after it), so the bell, /notifications and the People list agree.
     */
    async readConversation(tx: Executor, threadId: string, readerId: string, at: Date): Promise<void> {
      await tx.execute(
        sql`update notifications set read_at = ${at.toISOString()}
            where user_id = ${readerId} and read_at is null and kind = 'message.received'
              and event_key in (select 'message.received:' || m.id::text from messages m where m.thread_id = ${threadId}::uuid and m.sender_id <> ${readerId})`,
      );
    },
  };
}

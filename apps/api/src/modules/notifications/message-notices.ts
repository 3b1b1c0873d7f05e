import type { Db, Executor } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { wantsEmail } from './notification-kinds.ts';
import { notificationEmail } from './notification-email.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { createMessageNoticesRepository } from './message-notices-repository.ts';
import { itemGroup } from './notice-audience.ts';
import { preferencesPath } from './notifier.ts';

/** At most one email per conversation and recipient in this long. */
export const MESSAGE_EMAIL_WINDOW_MS = 15 * 60_000;
export const MESSAGE_EMAIL_JOB = 'notifications.message-email';

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

const threadLink = (t: { itemId: string; renterId: string }, toOwner: boolean) =>
  toOwner ? `/item/${t.itemId}/messages?with=${encodeURIComponent(t.renterId)}` : `/item/${t.itemId}/messages`;

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
  const store = createMessageNoticesRepository(db);
  const stateKey = (threadId: string, recipientId: string) => `message-email:${threadId}:${recipientId}`;

  /**
   * Counts a new message and plans its email, in the notice's transaction (so once per message).
   * One atomic upsert decides when the next email of this conversation to this person goes; its job
   * is keyed by that time, so however many messages (and processes) ask, one job is enqueued.
   */
  async function planEmail(tx: Executor, threadId: string, recipientId: string): Promise<void> {
    const at = now();
    const windowEnds = await store.countForEmail(tx, stateKey(threadId, recipientId), at.toISOString(), MESSAGE_EMAIL_WINDOW_MS);
    const sendAt = new Date(windowEnds.getTime() - MESSAGE_EMAIL_WINDOW_MS);
    const payload: EmailJob = { threadId, recipientId, sendAt: sendAt.toISOString() };
    // An email now and the one planned for the end of a window are different emails even when they
    // fall on the same instant (a window given back by an email that found nothing to tell, then a
    // message at its very end): a key is used once for ever, so they must not share one.
    const when = sendAt.getTime() === at.getTime() ? 'now' : 'next';
    await jobs.enqueue(
      MESSAGE_EMAIL_JOB,
      payload,
      { runAt: sendAt, key: `${MESSAGE_EMAIL_JOB}:${threadId}:${recipientId}:${when}:${payload.sendAt}` },
      tx,
    );
  }

  // Subscribed as 'notifications', the name this handler had among the other notices, so events
  // already queued under that name are still delivered.
  events.subscribe('message.sent', 'notifications', async (e) => {
    const m = await repo.message(e.messageId);
    if (!m) return; // the thread went with its item
    const toOwner = e.recipientId === m.ownerId;
    await db.transaction(async (tx) => {
      // Locked against the reader's "mark read" (which updates the message first, then the notices):
      // whichever commits second sees the other, so the notice never stays unread for a seen message.
      const msg = await store.messageForNotice(tx, e.messageId);
      if (!msg) return;
      const id = await repo.insert(tx, {
        userId: e.recipientId,
        kind: 'message.received',
        title: `New message from ${m.senderName} about ${m.itemName}`,
        body: `${m.senderName}: ${preview(m.body)}`,
        link: threadLink({ itemId: m.itemId, renterId: m.renterId }, toOwner),
        tab: toOwner ? 'items' : 'rentals',
        groupKey: itemGroup(m.itemId),
        itemId: m.itemId,
        rentalId: null,
        eventKey: `message.received:${e.messageId}`,
        createdAt: now(),
        readAt: msg.readAt,
      });
      // A notice is written once, so its email is planned once (a repeated event stops here); a
      // message already read needs no email.
      if (!id || msg.readAt) return;
      if (wantsEmail(await repo.preferences(e.recipientId, tx), 'message.received')) await planEmail(tx, msg.threadId, e.recipientId);
    });
  });

  jobs.register<EmailJob>(MESSAGE_EMAIL_JOB, async ({ threadId, recipientId, sendAt }) => {
    const key = stateKey(threadId, recipientId);
    // Locked: it waits for a message being counted right now, so that one is either in this email or plans the next.
    // No row: it was cleared long after its window (the jobs were stopped); tell what is unread.
    const taken = await store.waitingCount(key);
    // These messages have had their turn (called after the send: a send that fails is retried with them).
    const told = async () => {
      if (taken) await store.takeCount(key, taken);
    };
    // No email went: the window this one held is given back (unless a later one is planned already),
    // so the next message is emailed at once if the last email is a window old.
    const nothingSent = async () => {
      await told();
      await store.giveBackWindow(key, sendAt, MESSAGE_EMAIL_WINDOW_MS);
    };
    if (taken === 0) return nothingSent(); // an earlier email told them all
    const to = await repo.recipient(db, recipientId);
    // Preferences as they are now: switching emails off also stops the ones already planned.
    if (!to || to.deleted || !wantsEmail(await repo.preferences(recipientId), 'message.received')) return nothingSent();
    const news = await store.unreadNews(threadId, recipientId);
    // Read in the app meanwhile (or the thread is gone): nothing new to tell.
    if (!news || news.unread === 0 || news.latest === null) return nothingSent();
    const fresh = taken === null ? news.unread : Math.min(taken, news.unread);
    const many = fresh > 1;
    await mailer.send(
      notificationEmail({
        to: to.email,
        name: to.name,
        kind: 'message.received',
        title: many
          ? `${fresh} new messages from ${news.senderName} about ${news.itemName}`
          : `New message from ${news.senderName} about ${news.itemName}`,
        body: many
          ? `${news.senderName} sent you ${fresh} new messages about ${news.itemName}. The latest: ${preview(news.latest)}`
          : `${news.senderName} sent you a message about ${news.itemName}: ${preview(news.latest)}`,
        url: `${appUrl}${threadLink(news, recipientId === news.ownerId)}`,
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
      await store.readConversationNotices(tx, threadId, readerId, at);
    },
  };
}

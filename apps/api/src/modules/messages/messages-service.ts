import { AppError, messageBodyProblem } from '@toolshed/core';
import {
  PEOPLE_PAGE_SIZE,
  pageOffset,
  type Conversation,
  type Message,
  type PageRequest,
  type PeoplePage,
  type ThreadSummary as ThreadSummaryView,
} from '@toolshed/core/contract';
import type { Db, Executor } from '../../db/database.ts';
import { isRowId } from '../../db/ids.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import { createMessagesRepository, type MessageRecord, type ThreadSummary } from './messages-repository.ts';

const PAGE = 30;
/** How many of the owner's people the conversation's first answer lists; the rest are paged. */
export const PEOPLE_PAGE = PEOPLE_PAGE_SIZE;
const notFound = () => new AppError('NOT_FOUND', 'Conversation not found.');
function toMessage(row: MessageRecord): Message {
  return {
    id: row.id,
    seq: row.seq,
    senderId: row.senderId,
    content: row.body,
    timestamp: row.createdAt,
    isRead: row.readAt !== null,
  };
}

const toSummary = (t: ThreadSummary): ThreadSummaryView => ({
  with: { id: t.renterId, name: t.renterName },
  lastMessageAt: t.lastMessageAt,
  unreadCount: t.unreadCount,
  hasRental: t.hasRental,
});

export interface PageQuery {
  with?: string | undefined;
  before?: number | undefined;
  after?: number | undefined;
}

/**
 * Conversations about an item between its owner and one other person. Only those two can read or
 * write a thread; to anyone else it does not exist (404). Bodies are never logged.
 */
/** Reads the conversation's notices along with its messages, in the same transaction. */
export type ReadNotices = (tx: Executor, threadId: string, readerId: string, at: Date) => Promise<void>;

/** Refuses (throws) a message between two members when either blocked the other. */
export interface MessageGate {
  assertCanMessage(senderId: string, recipientId: string): Promise<void>;
}

export function createMessagesService(db: Db, events: EventBus, now: () => Date, readNotices: ReadNotices, gate?: MessageGate) {
  const repo = createMessagesRepository(db);

  /** Who the thread is with, from the asker's side; throws 404 for anyone who is not a party. */
  async function resolve(userId: string, itemId: string, withId: string | undefined) {
    const found = isRowId(itemId) ? await repo.itemAndThread(itemId, userId, withId) : undefined;
    if (!found) throw notFound();
    const { threadId: thread, renterName, ...item } = found;
    const threadId = thread ?? undefined;
    if (item.ownerId === userId) {
      if (!withId) return { item, you: 'owner' as const, renterId: undefined, threadId: undefined };
      // The owner may start a thread only with someone who booked the item.
      if (!threadId && !(await repo.hasRental(itemId, withId))) throw notFound();
      return { item, you: 'owner' as const, renterId: withId, renterName: renterName ?? 'Renter', threadId };
    }
    if (withId !== undefined && withId !== userId) throw notFound();
    // A deleted listing keeps its conversations but takes no new ones.
    if (item.deleted && !threadId) throw notFound();
    return { item, you: 'renter' as const, renterId: userId, threadId };
  }

  return {
    async conversation(userId: string, itemId: string, q: PageQuery): Promise<Conversation> {
      const resolved = await resolve(userId, itemId, q.with);
      const { item, you, threadId } = resolved;
      const withPerson =
        you === 'renter'
          ? { id: item.ownerId, name: item.ownerName }
          : 'renterName' in resolved && resolved.renterId
            ? { id: resolved.renterId, name: resolved.renterName }
            : null;
      const base = { item: { id: item.id, name: item.name }, owner: { id: item.ownerId, name: item.ownerName }, you, with: withPerson };
      // What is new since the last look: asked every few seconds, so kept to one more query.
      if (q.after !== undefined) {
        const fresh = threadId ? await repo.since(threadId, q.after, userId, PAGE) : { messages: [], readUpTo: 0 };
        return {
          ...base,
          threads: [],
          threadsTotal: 0,
          messages: fresh.messages.map(toMessage),
          hasOlder: false,
          readUpTo: fresh.readUpTo,
        };
      }
      const people = you === 'owner' ? await repo.threadsOfOwner(itemId, userId, { limit: PEOPLE_PAGE, offset: 0 }) : undefined;
      const threads = people ? people.threads.map(toSummary) : [];
      const rows = threadId ? await repo.page(threadId, { before: q.before, limit: PAGE }) : [];
      return {
        ...base,
        threads,
        threadsTotal: people?.total ?? 0,
        messages: rows.map(toMessage),
        hasOlder: threadId && rows.length > 0 ? await repo.hasOlder(threadId, rows[0]!.seq) : false,
        readUpTo: threadId ? await repo.readUpTo(threadId, userId) : 0,
      };
    },

    /** A page of the owner's people for an item (its first page comes with the conversation); 404 to anyone but the owner. */
    async people(userId: string, itemId: string, page: PageRequest): Promise<PeoplePage> {
      const { you } = await resolve(userId, itemId, undefined);
      if (you !== 'owner') throw notFound();
      const found = await repo.threadsOfOwner(itemId, userId, { limit: page.pageSize, offset: pageOffset(page) });
      return { people: found.threads.map(toSummary), ...page, total: found.total };
    },

    async send(userId: string, itemId: string, content: string, withId: string | undefined): Promise<Message> {
      const problem = messageBodyProblem(content);
      if (problem) throw new AppError('VALIDATION', problem, 'content');
      const { item, you, renterId } = await resolve(userId, itemId, withId);
      if (!renterId) throw new AppError('VALIDATION', 'Choose who to write to.', 'with');
      const recipientId = you === 'owner' ? renterId : item.ownerId;
      await gate?.assertCanMessage(userId, recipientId);
      const row = await db.transaction(async (tx) => {
        const added = await repo.add(tx, { itemId, ownerId: item.ownerId, renterId }, userId, content, now());
        await events.publish(
          tx,
          { type: 'message.sent', messageId: added.id, itemId, senderId: userId, recipientId },
          `message:${added.id}`,
        );
        return added;
      });
      return toMessage(row);
    },

    /**
     * The reader has seen the thread: what the other person sent is now read, and so are the
     * notices of those messages (the bell and /notifications), all or nothing.
     */
    async markRead(userId: string, itemId: string, withId: string | undefined): Promise<void> {
      const { threadId } = await resolve(userId, itemId, withId);
      if (!threadId) return;
      const at = now();
      await db.transaction(async (tx) => {
        // Messages first, then notices: the order the notice writer relies on (message-notices.ts).
        await repo.markRead(tx, threadId, userId, at);
        await readNotices(tx, threadId, userId, at);
      });
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

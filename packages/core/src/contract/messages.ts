import { z } from 'zod';
import { pageInfoShape } from './paging.ts';

export const messageSchema = z.object({
  id: z.string(),
  seq: z.number().int().describe('Position in the thread; pass as before/after to page'),
  senderId: z.string(),
  content: z.string(),
  timestamp: z.string(),
  isRead: z.boolean().describe('Read by the person it was sent to'),
});

export const personSchema = z.object({ id: z.string(), name: z.string() });

export const threadSummarySchema = z.object({
  with: personSchema.describe('The renter (as the owner sees the thread list)'),
  lastMessageAt: z.string().nullable(),
  unreadCount: z.number().int(),
  hasRental: z.boolean(),
});

export const conversationSchema = z.object({
  item: z.object({ id: z.string(), name: z.string() }),
  owner: personSchema,
  you: z.enum(['owner', 'renter']),
  /** The owner's list of people: one thread per person who wrote (or booked); empty on an `after` poll. */
  threads: z.array(threadSummarySchema).describe('The first page of the people (latest message first); the rest from /messages/people'),
  threadsTotal: z.number().int().describe('How many people the owner has for this item in all (0 for the renter and on an `after` poll)'),
  /** The thread shown: the renter's own, or the one the owner chose with `with`. */
  with: personSchema.nullable(),
  messages: z.array(messageSchema).describe('Oldest first'),
  hasOlder: z.boolean(),
  readUpTo: z.number().int().describe('Your messages up to this seq have been read by the other person'),
});

/** How many of the owner's people the conversation's first answer lists, and each later page holds. */
export const PEOPLE_PAGE_SIZE = 50;

/** A page of the owner's people for an item. */
export const peoplePageSchema = z.object({ people: z.array(threadSummarySchema), ...pageInfoShape });

export const sendMessageBodySchema = z.object({
  content: z.string(),
  with: z.string().max(100).optional().describe('The owner names the renter they write to'),
});

export type Message = z.infer<typeof messageSchema>;
export type ThreadSummary = z.infer<typeof threadSummarySchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type PeoplePage = z.infer<typeof peoplePageSchema>;
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

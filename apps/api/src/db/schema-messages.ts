import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from './schema-catalogue.ts';
import { users } from './schema-users.ts';

/** One conversation about an item between its owner and one other person (the renter). */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_threads_item_renter_idx').on(t.itemId, t.renterId),
    index('message_threads_owner_idx').on(t.ownerId, t.itemId, t.lastMessageAt),
    check('message_threads_two_people', sql`${t.ownerId} <> ${t.renterId}`),
  ],
);

/** A message in a thread; `seq` orders them (ties in time included). The body is never logged. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_thread_seq_idx').on(t.threadId, t.seq),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 500 and btrim(${t.body}) <> ''`),
  ],
);

/** How a user wants to be told; no row means the defaults (all on except marketing). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  push: boolean('push').notNull().default(true),
  sms: boolean('sms').notNull().default(true),
  newRequests: boolean('new_requests').notNull().default(true),
  statusUpdates: boolean('status_updates').notNull().default(true),
  returnReminders: boolean('return_reminders').notNull().default(true),
  marketing: boolean('marketing').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rentals } from './schema-rentals.ts';
import { users } from './schema-users.ts';

/** A side of a rental's handover (pickup: the owner's; return: the renter's) and its note (migration 0026). */
export const handoverNotes = pgTable(
  'handover_notes',
  {
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    side: text('side').notNull(),
    note: text('note').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'handover_notes_pk', columns: [t.rentalId, t.side] }),
    check('handover_notes_side_known', sql`${t.side} IN ('pickup', 'return')`),
    check('handover_notes_length', sql`char_length(${t.note}) <= 500`),
  ],
);

/** A handover photo: stored large and thumbnail WebP under private/ keys, served only to the rental's parties. */
export const handoverPhotos = pgTable(
  'handover_photos',
  {
    id: uuid('id').primaryKey(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    side: text('side').notNull(),
    addedBy: text('added_by')
      .notNull()
      .references(() => users.id),
    largeKey: text('large_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The server's clock when the photo arrived, never the client's. */
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('handover_photos_rental_idx').on(t.rentalId, t.side, t.takenAt),
    check('handover_photos_side_known', sql`${t.side} IN ('pickup', 'return')`),
  ],
);

import { boolean, date, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The creation time every table that records one carries. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A person: every user is both an owner and a renter. `rating` is the average of ratings received. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  picture: text('picture'),
  rating: doublePrecision('rating'),
  totalRatings: integer('total_ratings').notNull().default(0),
  phoneNumber: text('phone_number'),
  phoneCountryCode: text('phone_country_code'),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  /** The borrower's address used at checkout. */
  addressLine: text('address_line'),
  addressCity: text('address_city'),
  addressPostcode: text('address_postcode'),
  /** While set, the user's items cannot be booked for dates up to and including this one. */
  vacationUntil: date('vacation_until', { mode: 'string' }),
  /** Storage key of the uploaded picture; `picture` is its public URL. Only the upload sets both. */
  pictureKey: text('picture_key'),
  /** SHA-256 of the private calendar feed token (the token itself is never stored). */
  calendarTokenHash: text('calendar_token_hash'),
  /** Set when the account was deleted: the row stays, anonymised, for others' records and the ledger. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Set while an operator has suspended the member (migration 0084): they cannot sign in. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

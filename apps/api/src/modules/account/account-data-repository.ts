import { and, count, eq, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { rentals } from '../../db/schema.ts';

type Row = Record<string, unknown>;

/**
 * What a rental row adds since checkout's first version: its buffer, weekly price, request and
 * extensions (migration 0027), and the last day a pending extension holds (migration 0033).
 */
const RENTAL_TERMS = sql.raw(`r.buffer_days, r.weekly_rate_pence, r.request_status, r.request_expires_at, r.request_amount_pence,
                 r.extended_line_pence, r.extended_fee_pence, to_char(r.held_end_date, 'YYYY-MM-DD') as held_end_date`);

/** On `rentals r` of the user's `role`: who cancelled it, and the reason when the user gave it (the other party's stays theirs). */
const ownCancellation = (role: 'renter' | 'owner') =>
  sql.raw(`r.cancelled_by, case when r.cancelled_by = '${role}' then r.cancel_reason end as my_cancel_reason`);

/** On `rentals r`: the user is its renter or its owner. */
const partyTo = (userId: string) => sql`(r.renter_id = ${userId} or r.owner_id = ${userId})`;

/** On `rentals r` the user is party to: 'renter' or 'owner'. */
const myRole = (userId: string) => sql`case when r.renter_id = ${userId} then 'renter' else 'owner' end`;

/** On a handover row `n` of `rentals r`: the user's own side (pick-up is the owner's, return the renter's). */
const ownSide = (userId: string) =>
  sql`((n.side = 'pickup' and r.owner_id = ${userId}) or (n.side = 'return' and r.renter_id = ${userId}))`;

const rows = (db: Db | Executor, query: SQL) => queryRows<Row>(db as Db, query);

/** Whether a table exists: a catalogue lookup by name, no table of the schema to build it from. */
async function hasTable(db: Db, name: string, executor: Executor = db): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(executor as Db, sql`select to_regclass(${name}) is not null as ok`);
  return row?.ok === true;
}

/** The rows of a table added by a later feature, none while it does not exist. */
const optional = async (db: Db, table: string, query: SQL) => ((await hasTable(db, table)) ? rows(db, query) : []);

/** The export's first part: the profile, sessions, listings, rentals both ways and reviews. */
async function ownRecords(db: Db, userId: string) {
  const [profile] = await rows(
    db,
    sql`
    select id, name, email, email_verified, picture, phone_country_code, phone_number, phone_verified,
           address_line, address_city, address_postcode, to_char(vacation_until, 'YYYY-MM-DD') as vacation_until,
           rating, total_ratings, created_at, updated_at
    from users where id = ${userId}`,
  );
  return {
    profile,
    sessions: await rows(
      db,
      sql`select created_at, expires_at, ip_address, user_agent from sessions where user_id = ${userId} order by created_at`,
    ),
    items: await rows(
      db,
      sql`
      select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.weekly_rate_pence, i.deposit_pence, i.min_days,
             i.max_days, i.booking_mode, i.buffer_days, i.require_verified_phone, i.min_completed_rentals, i.address, i.city,
             i.postcode, i.latitude, i.longitude, i.available, i.created_at, i.updated_at, i.deleted_at,
             coalesce((select json_agg(im.large_key order by im.position) from item_images im where im.item_id = i.id), '[]'::json) as image_keys
      from items i where i.owner_id = ${userId} order by i.created_at`,
    ),
    rentalsAsRenter: await rows(
      db,
      sql`
      select r.id, r.item_id, i.name as item_name, to_char(r.start_date, 'YYYY-MM-DD') as start_date,
             to_char(r.end_date, 'YYYY-MM-DD') as end_date, r.total_pence, r.returned, r.returned_at, r.cancelled_at, r.created_at,
             ${RENTAL_TERMS}, ${ownCancellation('renter')}
      from rentals r join items i on i.id = r.item_id where r.renter_id = ${userId} order by r.start_date`,
    ),
    bookingsOfMyItems: await rows(
      db,
      sql`
      select r.id, r.item_id, i.name as item_name, to_char(r.start_date, 'YYYY-MM-DD') as start_date,
             to_char(r.end_date, 'YYYY-MM-DD') as end_date, r.total_pence, r.returned, r.returned_at, r.cancelled_at, r.created_at,
             ${RENTAL_TERMS}, ${ownCancellation('owner')}
      from rentals r join items i on i.id = r.item_id where r.owner_id = ${userId} order by r.start_date`,
    ),
    reviewsWritten: await rows(
      db,
      sql`
      select rv.id, rv.rating::float8 as rating, rv.comment, rv.item_id, i.name as item_name, rv.rental_id, rv.created_at
      from reviews rv left join items i on i.id = rv.item_id where rv.reviewer_id = ${userId} order by rv.created_at`,
    ),
    // Only published reviews: a hidden one (double-blind) stays hidden from its subject here too.
    reviewsReceived: await rows(
      db,
      sql`
      select rv.id, rv.rating::float8 as rating, rv.comment, rv.item_id, i.name as item_name, rv.rental_id, rv.created_at
      from reviews rv left join items i on i.id = rv.item_id
      where rv.reviewee_id = ${userId} and rv.published_at is not null order by rv.created_at`,
    ),
  };
}

/** The export's second part: messages, notices and money. */
async function activityRecords(db: Db, userId: string) {
  return {
    messagesSent: await optional(
      db,
      'messages',
      sql`
      select m.id, m.thread_id, t.item_id, m.body, m.created_at
      from messages m join message_threads t on t.id = m.thread_id where m.sender_id = ${userId} order by m.created_at`,
    ),
    notifications: await rows(
      db,
      sql`
      select id, kind, title, body, link, item_id, rental_id, read_at, created_at from notifications where user_id = ${userId} order by created_at`,
    ),
    notificationPreferences: await optional(
      db,
      'notification_preferences',
      sql`select * from notification_preferences where user_id = ${userId}`,
    ),
    payments: await rows(
      db,
      sql`
      select id, subtotal_pence, service_fee_pence, amount_pence, brand, last4, created_at from payments where renter_id = ${userId} order by created_at`,
    ),
    ledgerEntries: await rows(db, sql`select * from ledger_entries where user_id = ${userId} order by created_at`),
    withdrawals: await optional(
      db,
      'withdrawals',
      sql`
      select id, amount_pence, status, method, brand, last4, sort_code, account_name, failure_reason, created_at, finished_at, returned_at
      from withdrawals where user_id = ${userId} order by created_at`,
    ),
    // The bank account payouts go to: what is kept of it (never the provider's token).
    bankAccounts: await optional(
      db,
      'bank_accounts',
      sql`select holder_name, sort_code, last4, created_at, updated_at from bank_accounts where user_id = ${userId}`,
    ),
  };
}

/** The export's third part: what later features keep for the user (wheelbarrow, saved items and searches, date watches, wanted posts). */
async function keptRecords(db: Db, userId: string) {
  return {
    wheelbarrow: await optional(
      db,
      'wheelbarrow_lines',
      sql`
      select item_id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, added_at
      from wheelbarrow_lines where user_id = ${userId}`,
    ),
    savedItems: await optional(
      db,
      'saved_items',
      sql`
      select s.item_id, i.name as item_name, s.created_at from saved_items s join items i on i.id = s.item_id
      where s.user_id = ${userId} order by s.created_at`,
    ),
    dateWatches: await optional(
      db,
      'date_watches',
      sql`
      select w.item_id, i.name as item_name, to_char(w.start_date, 'YYYY-MM-DD') as start_date, to_char(w.end_date, 'YYYY-MM-DD') as end_date,
        w.created_at, w.notified_at, w.cancelled_at
      from date_watches w join items i on i.id = w.item_id where w.user_id = ${userId} order by w.created_at`,
    ),
    wantedPosts: await optional(
      db,
      'wanted_posts',
      sql`
      select id, title, details, category_id, place_label, radius_miles, to_char(start_date, 'YYYY-MM-DD') as start_date,
        to_char(end_date, 'YYYY-MM-DD') as end_date, max_price_pence, closed_at, created_at
      from wanted_posts where user_id = ${userId} order by created_at`,
    ),
    wantedOffers: await optional(
      db,
      'wanted_offers',
      sql`
      select o.post_id, o.item_id, i.name as item_name, o.created_at
      from wanted_offers o join items i on i.id = o.item_id where o.owner_id = ${userId} order by o.created_at`,
    ),
    savedSearches: await optional(
      db,
      'saved_searches',
      sql`
      select id, name, category_id, search, max_price_pence, min_rating, near, radius_miles, frequency, paused, created_at
      from saved_searches where user_id = ${userId} order by created_at`,
    ),
  };
}

/** The export's fourth part: reports and blocks, support, calendars, handovers, deposits, claims and extensions. */
async function partyRecords(db: Db, userId: string) {
  return {
    // Reports they made (what of, why, their words, where it stands) and when they blocked someone:
    // never who the report was about or who they blocked (another member's id).
    reports: await rows(
      db,
      sql`select id, subject_kind, reason, details, status, created_at from reports where reporter_id = ${userId} order by created_at`,
    ),
    blocks: await rows(db, sql`select created_at from member_blocks where blocker_id = ${userId} order by created_at`),
    supportRequests: await rows(
      db,
      sql`select id, name, email, subject, message, created_at from support_requests where user_id = ${userId} order by created_at`,
    ),
    // The owner's other calendars: the address, what it covers and how its last fetch went.
    calendarSources: await rows(
      db,
      sql`
      select c.id, c.url, c.item_id, i.name as item_name, c.busy_ranges, c.last_fetched_at, c.last_success_at, c.last_error, c.last_warning, c.created_at
      from calendar_sources c left join items i on i.id = c.item_id where c.owner_id = ${userId} order by c.created_at, c.id`,
    ),
    // Handovers: the user's own side of each rental they are party to (the owner's at pick-up, the
    // renter's at return); photos as records (id, time, size), not the images.
    handoverNotes: await rows(
      db,
      sql`
      select n.rental_id, n.side, n.note, n.updated_at
      from handover_notes n join rentals r on r.id = n.rental_id
      where ${ownSide(userId)} order by n.updated_at, n.rental_id`,
    ),
    handoverPhotos: await rows(
      db,
      sql`
      select n.id, n.rental_id, n.side, n.width, n.height, n.taken_at
      from handover_photos n join rentals r on r.id = n.rental_id
      where ${ownSide(userId)} and n.added_by = ${userId} order by n.taken_at, n.id`,
    ),
    // Deposits held on rentals the user is party to, and the problems reported on them: the user's
    // role, never the other party's id; a claim's report and its answer are both part of it.
    depositHolds: await rows(
      db,
      sql`
      select d.id, d.rental_id, ${myRole(userId)} as my_role, d.amount_pence, d.status, d.captured_pence, d.created_at, d.settled_at
      from deposit_holds d join rentals r on r.id = d.rental_id
      where ${partyTo(userId)} order by d.created_at, d.id`,
    ),
    claims: await rows(
      db,
      sql`
      select c.id, c.rental_id, ${myRole(userId)} as my_role, c.by_user_id = ${userId} as reported_by_me, c.kind, c.amount_pence,
             c.note, c.reply, c.status, c.created_at, c.disputed_at, c.escalated_at, c.accepted_at
      from rental_claims c join rentals r on r.id = c.rental_id
      where ${partyTo(userId)} order by c.created_at, c.id`,
    ),
    claimPhotos: await rows(
      db,
      sql`
      select p.id, p.claim_id, p.width, p.height, p.taken_at
      from claim_photos p join rental_claims c on c.id = p.claim_id join rentals r on r.id = c.rental_id
      where ${partyTo(userId)} and p.added_by = ${userId} order by p.taken_at, p.id`,
    ),
    rentalExtensions: await rows(
      db,
      sql`
      select e.id, e.rental_id, ${myRole(userId)} as my_role, to_char(e.from_end_date, 'YYYY-MM-DD') as from_end_date,
             to_char(e.to_end_date, 'YYYY-MM-DD') as to_end_date, e.line_pence, e.fee_pence, e.paid_with, e.status, e.created_at, e.answered_at,
             e.expires_at
      from rental_extensions e join rentals r on r.id = e.rental_id
      where ${partyTo(userId)} order by e.created_at, e.id`,
    ),
  };
}

/** Every part of the export, in the order of the file. */
async function exportRows(db: Db, userId: string) {
  return {
    ...(await ownRecords(db, userId)),
    ...(await activityRecords(db, userId)),
    ...(await keptRecords(db, userId)),
    ...(await partyRecords(db, userId)),
  };
}

/** Rentals that stop a deletion: the user's own or of their items, neither cancelled nor returned. */
async function openRentalCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rentals)
    .where(and(or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId)), isNull(rentals.cancelledAt), not(rentals.returned)));
  return row?.n ?? 0;
}

/**
 * SQL for 'Download my data' and what stops 'Delete my account' (the deletion itself: account-deletion-repository.ts).
 * Every query names its columns: the export holds the user's own data and never another user's identity (no other user's id, name or contact).
 * Tables added by later features (messages, withdrawals, preferences, the saved wheelbarrow) are
 * read when they exist.
 *
 * The export's statements stay SQL: their rows are the downloaded file as it is, keyed by column
 * name with values as the database sends them (format 'version 1'), with JSON aggregates, role
 * expressions and tables read only when they exist; the builder would rename and retype them.
 */
export function createAccountDataRepository(db: Db) {
  return {
    hasTable: withDb(db, hasTable),
    exportRows: withDb(db, exportRows),
    openRentalCount: withDb(db, openRentalCount),
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;

import { eq, inArray, sql } from 'drizzle-orm';
import type { CancellationPolicy } from '@toolshed/core';
import { queryRows, type Db } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { itemImages, items, users } from '../../db/schema.ts';
import { balances } from '../ledger/ledger-repository.ts';
import { itemsWithBlockedDays } from '../calendar-sync/blocked-days-sql.ts';
import { bookLines } from './booking-repository.ts';

export interface LineItemRow {
  id: string;
  name: string;
  dailyRatePence: number;
  /** The refundable deposit held on the card beside the charge (0: none). */
  depositPence: number;
  weeklyRatePence: number | null;
  bookingMode: 'instant' | 'request';
  bufferDays: number;
  cancellationPolicy: CancellationPolicy;
  minDays: number;
  maxDays: number;
  ownerId: string;
  listed: boolean;
  ownerAwayUntil: string | null;
  thumbKey: string | null;
}

type WantedLine = { itemId: string; startDate: string; endDate: string };

async function lineItems(db: Db, itemIds: string[]): Promise<Map<string, LineItemRow>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: items.id,
      name: items.name,
      dailyRatePence: items.dailyRatePence,
      depositPence: items.depositPence,
      weeklyRatePence: items.weeklyRatePence,
      bookingMode: sql<'instant' | 'request'>`${items.bookingMode}`,
      bufferDays: items.bufferDays,
      cancellationPolicy: sql<CancellationPolicy>`${items.cancellationPolicy}`,
      minDays: items.minDays,
      maxDays: items.maxDays,
      ownerId: items.ownerId,
      listed: sql<boolean>`${items.deletedAt} is null and ${items.available}`,
      ownerAwayUntil: users.vacationUntil,
      thumbKey: sql<
        string | null
      >`(select ${itemImages.thumbKey} from ${itemImages} where ${itemImages.itemId} = ${items.id} order by ${itemImages.position} limit 1)`,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.ownerId))
    .where(inArray(items.id, itemIds));
  return new Map(rows.map((r) => [r.id, r]));
}

const wantedValues = (lines: WantedLine[]) =>
  sql.join(
    lines.map((l) => sql`(${l.itemId}::uuid, ${l.startDate}::date, ${l.endDate}::date)`),
    sql`, `,
  );

/**
 * Active rentals and held requests of these items that share a day with the wanted ranges, buffer
 * days included: the overlap the no-overlap constraint refuses (each range runs on by its item's buffer,
 * from the days a pending extension holds when there is one). SQL: the wanted lines are a VALUES
 * list joined to rentals by a date-range overlap (&&), neither of which the builder can say.
 */
async function clashes(db: Db, lines: WantedLine[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const rows = await queryRows<{ item_id: string }>(
    db,
    sql`select distinct w.item_id from (values ${wantedValues(lines)}) as w(item_id, start_date, end_date)
        join items i on i.id = w.item_id
        join rentals r on r.item_id = w.item_id and not r.returned and r.cancelled_at is null
         and daterange(r.start_date, coalesce(r.held_end_date, r.end_date) + r.buffer_days, '[]') && daterange(w.start_date, w.end_date + i.buffer_days, '[]')`,
  );
  return new Set(rows.map((r) => r.item_id));
}

/** Of the wanted lines, those the renter has booked themselves on exactly those dates (SQL: a VALUES list joined, as above). */
async function bookedBy(db: Db, renterId: string, lines: WantedLine[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const rows = await queryRows<{ item_id: string }>(
    db,
    sql`select distinct w.item_id from (values ${wantedValues(lines)}) as w(item_id, start_date, end_date)
        join rentals r on r.item_id = w.item_id and r.renter_id = ${renterId} and r.cancelled_at is null
         and r.start_date = w.start_date and r.end_date = w.end_date`,
  );
  return new Set(rows.map((r) => r.item_id));
}

/** Of the wanted lines, those that meet a day blocked by the owner's other calendar (calendar sync). */
async function blockedDays(db: Db, lines: WantedLine[]): Promise<Set<string>> {
  return itemsWithBlockedDays(db, lines);
}

/** The renter's available balance now (a first look: the booking reads it again under its lock). */
async function availableBalance(db: Db, userId: string): Promise<number> {
  return (await balances(db, userId)).availablePence;
}

async function borrowerAddress(db: Db, userId: string) {
  const [row] = await db
    .select({ line: users.addressLine, city: users.addressCity, postcode: users.addressPostcode })
    .from(users)
    .where(eq(users.id, userId));
  return row?.line && row.city && row.postcode ? { line: row.line, city: row.city, postcode: row.postcode } : null;
}

/** What checkout and the wheelbarrow's check read, and the booking itself (booking-repository.ts). */
export function createCheckoutRepository(db: Db) {
  return {
    lineItems: withDb(db, lineItems),
    clashes: withDb(db, clashes),
    blockedDays: withDb(db, blockedDays),
    bookedBy: withDb(db, bookedBy),
    availableBalance: withDb(db, availableBalance),
    borrowerAddress: withDb(db, borrowerAddress),
    book: withDb(db, bookLines),
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkoutPosting, parseClockTime, type CancellationPolicy } from '@toolshed/core';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { checkoutAttempts, itemImages, items, payments, rentals, users, wheelbarrowLines } from '../../db/schema.ts';
import { balances, spendFromBalances } from '../ledger/ledger-repository.ts';
import { itemsWithBlockedDays, refuseBlockedDays } from '../calendar-sync/blocked-days-sql.ts';

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

export interface NewRental {
  /** Chosen before booking when the fee shares must be known first (request lines). */
  id?: string;
  itemId: string;
  ownerId: string;
  startDate: string;
  endDate: string;
  dailyRatePence: number;
  weeklyRatePence: number | null;
  bufferDays: number;
  /** The item's policy now, kept by the rental. */
  cancellationPolicy: CancellationPolicy;
  totalPence: number;
  /** The handover times chosen (HH:MM London), kept as minutes on the rental. */
  pickupTime?: string | undefined;
  returnTime?: string | undefined;
  /** A request line: held, its card authorisation of its own, until the owner answers or it expires. */
  request?: { expiresAt: Date; authorizationId: string; amountPence: number };
}

const minutesOrNull = (time: string | undefined) => (time === undefined ? null : parseClockTime(time));

export function createCheckoutRepository(db: Db) {
  return {
    async lineItems(itemIds: string[]): Promise<Map<string, LineItemRow>> {
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
    },

    /**
     * Active rentals and held requests of these items that share a day with the wanted ranges, buffer
     * days included: the overlap the no-overlap constraint refuses (each range runs on by its item's buffer,
     * from the days a pending extension holds when there is one). SQL: the wanted lines are a VALUES
     * list joined to rentals by a date-range overlap (&&), neither of which the builder can say.
     */
    async clashes(lines: Array<{ itemId: string; startDate: string; endDate: string }>): Promise<Set<string>> {
      if (lines.length === 0) return new Set();
      const wanted = sql.join(
        lines.map((l) => sql`(${l.itemId}::uuid, ${l.startDate}::date, ${l.endDate}::date)`),
        sql`, `,
      );
      const rows = await queryRows<{ item_id: string }>(
        db,
        sql`select distinct w.item_id from (values ${wanted}) as w(item_id, start_date, end_date)
            join items i on i.id = w.item_id
            join rentals r on r.item_id = w.item_id and not r.returned and r.cancelled_at is null
             and daterange(r.start_date, coalesce(r.held_end_date, r.end_date) + r.buffer_days, '[]') && daterange(w.start_date, w.end_date + i.buffer_days, '[]')`,
      );
      return new Set(rows.map((r) => r.item_id));
    },

    /** Of the wanted lines, those that meet a day blocked by the owner's other calendar (calendar sync). */
    async blockedDays(lines: Array<{ itemId: string; startDate: string; endDate: string }>): Promise<Set<string>> {
      return itemsWithBlockedDays(db, lines);
    },

    /** Of the wanted lines, those the renter has booked themselves on exactly those dates (SQL: a VALUES list joined, as above). */
    async bookedBy(renterId: string, lines: Array<{ itemId: string; startDate: string; endDate: string }>): Promise<Set<string>> {
      if (lines.length === 0) return new Set();
      const wanted = sql.join(
        lines.map((l) => sql`(${l.itemId}::uuid, ${l.startDate}::date, ${l.endDate}::date)`),
        sql`, `,
      );
      const rows = await queryRows<{ item_id: string }>(
        db,
        sql`select distinct w.item_id from (values ${wanted}) as w(item_id, start_date, end_date)
            join rentals r on r.item_id = w.item_id and r.renter_id = ${renterId} and r.cancelled_at is null
             and r.start_date = w.start_date and r.end_date = w.end_date`,
      );
      return new Set(rows.map((r) => r.item_id));
    },

    /** The renter's available balance now (a first look: the booking reads it again under its lock). */
    async availableBalance(userId: string): Promise<number> {
      return (await balances(db, userId)).availablePence;
    },

    async borrowerAddress(userId: string) {
      const [row] = await db
        .select({ line: users.addressLine, city: users.addressCity, postcode: users.addressPostcode })
        .from(users)
        .where(eq(users.id, userId));
      return row?.line && row.city && row.postcode ? { line: row.line, city: row.city, postcode: row.postcode } : null;
    },

    /**
     * Books every line and records the payment and its ledger entries in one transaction. Rentals are
     * inserted one by one so that an overlap (the exclusion constraint) names the line that clashed.
     * The items are locked first, in id order, so overlapping baskets queue instead of deadlocking.
     * Refuses (StaleClaimError) when this request no longer owns the attempt.
     */
    async book(input: {
      attemptId: string;
      claim: number;
      renterId: string;
      lines: NewRental[];
      subtotalPence: number;
      serviceFeePence: number;
      /** The fee charged now: the instant lines' shares (absent: the whole fee, no request lines). */
      instantFeePence?: number;
      /** What of the instant charge the renter's available balance pays, before the card (0: none). */
      balancePence?: number;
      card: { brand: string; last4: string };
      provider: string;
      providerReference: string;
      now: Date;
      onInsert: (index: number) => void;
      /** More writes that must commit with the booking (events, the capture job). */
      inTransaction: (tx: Executor, booked: { paymentId: string; rentalIds: string[] }) => Promise<void>;
    }): Promise<{ paymentId: string; rentalIds: string[] }> {
      return db.transaction(async (tx) => {
        const [attempt] = await tx
          .select({ status: checkoutAttempts.status, claim: checkoutAttempts.claim })
          .from(checkoutAttempts)
          .where(eq(checkoutAttempts.id, input.attemptId))
          .for('update');
        if (attempt?.status !== 'processing' || attempt.claim !== input.claim) throw new StaleClaimError();
        const itemIds = [...new Set(input.lines.map((l) => l.itemId))];
        await tx.select({ id: items.id }).from(items).where(inArray(items.id, itemIds)).orderBy(items.id).for('no key update');
        // Calendar sync writes blocked days under the same row locks: checked after taking them (blocked-days-sql.ts).
        await refuseBlockedDays(tx, input.lines);
        const [payment] = await tx
          .insert(payments)
          .values({
            renterId: input.renterId,
            subtotalPence: input.subtotalPence,
            serviceFeePence: input.serviceFeePence,
            amountPence: input.subtotalPence + input.serviceFeePence,
            balancePence: input.balancePence ?? 0,
            brand: input.card.brand,
            last4: input.card.last4,
            provider: input.provider,
            providerReference: input.providerReference,
            status: 'authorised',
            createdAt: input.now,
            updatedAt: input.now,
          })
          .returning({ id: payments.id });
        const paymentId = payment!.id;
        const rentalIds: string[] = [];
        for (const [index, line] of input.lines.entries()) {
          input.onInsert(index);
          const [row] = await tx
            .insert(rentals)
            .values({
              ...(line.id && { id: line.id }),
              itemId: line.itemId,
              ownerId: line.ownerId,
              startDate: line.startDate,
              endDate: line.endDate,
              dailyRatePence: line.dailyRatePence,
              weeklyRatePence: line.weeklyRatePence,
              bufferDays: line.bufferDays,
              cancellationPolicy: line.cancellationPolicy,
              totalPence: line.totalPence,
              renterId: input.renterId,
              paymentId,
              pickupMinutes: minutesOrNull(line.pickupTime),
              returnMinutes: minutesOrNull(line.returnTime),
              ...(line.request && {
                requestStatus: 'pending',
                requestExpiresAt: line.request.expiresAt,
                requestAuthorizationId: line.request.authorizationId,
                requestAmountPence: line.request.amountPence,
              }),
            })
            .returning({ id: rentals.id });
          rentalIds.push(row!.id);
        }
        // The renter's balance is read under their row's lock (as withdrawals and extensions take it):
        // when it no longer covers what the card was authorised without, nothing is booked.
        const spent = await spendFromBalances(tx, (input.balancePence ?? 0) > 0 ? [input.renterId] : [], () =>
          // Request lines move no money until their owner accepts (rentals/request-service.ts).
          checkoutPosting({
            paymentId,
            renterId: input.renterId,
            subtotalPence: input.lines.reduce((sum, line) => sum + (line.request ? 0 : line.totalPence), 0),
            serviceFeePence: input.instantFeePence ?? input.serviceFeePence,
            lines: input.lines.flatMap((line, i) =>
              line.request ? [] : [{ rentalId: rentalIds[i]!, ownerId: line.ownerId, totalPence: line.totalPence }],
            ),
            balancePence: input.balancePence ?? 0,
          }),
        );
        if (spent.kind === 'short') throw new BalanceChangedError(spent.availablePence);
        await tx
          .update(checkoutAttempts)
          .set({ status: 'succeeded', paymentId, authorizationId: null, updatedAt: input.now })
          .where(eq(checkoutAttempts.id, input.attemptId));
        // The booked lines leave the renter's saved wheelbarrow with the booking, so no device
        // (this one reloading, or another) can bring them back.
        await tx.delete(wheelbarrowLines).where(
          and(
            eq(wheelbarrowLines.userId, input.renterId),
            inArray(
              wheelbarrowLines.itemId,
              input.lines.map((l) => l.itemId),
            ),
          ),
        );
        await input.inTransaction(tx, { paymentId, rentalIds });
        return { paymentId, rentalIds };
      });
    },
  };
}

/** The renter's balance no longer covers the part of the charge it was to pay (spent meanwhile): nothing was booked. */
export class BalanceChangedError extends Error {
  constructor(readonly availablePence: number) {
    super('The Toolshed balance changed while paying.');
  }
}

/** The request lost its claim on the attempt (it was reclaimed after looking crashed). */
export class StaleClaimError extends Error {
  constructor() {
    super('This checkout attempt is no longer owned by this request.');
  }
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import { checkoutAttempts, itemImages, items, payments, rentals, users } from '../../db/schema.ts';
import { postTransaction } from '../ledger/ledger.ts';

export interface LineItemRow {
  id: string;
  name: string;
  dailyRatePence: number;
  minDays: number;
  maxDays: number;
  ownerId: string;
  listed: boolean;
  ownerAwayUntil: string | null;
  thumbKey: string | null;
}

export interface NewRental {
  itemId: string;
  ownerId: string;
  startDate: string;
  endDate: string;
  dailyRatePence: number;
  totalPence: number;
}

export function createCheckoutRepository(db: Db) {
  return {
    async lineItems(itemIds: string[]): Promise<Map<string, LineItemRow>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: items.id,
          name: items.name,
          dailyRatePence: items.dailyRatePence,
          minDays: items.minDays,
          maxDays: items.maxDays,
          ownerId: items.ownerId,
          listed: sql<boolean>`${items.deletedAt} is null and ${items.available}`,
          ownerAwayUntil: users.vacationUntil,
          thumbKey: sql<string | null>`(select ${itemImages.thumbKey} from ${itemImages} where ${itemImages.itemId} = ${items.id} order by ${itemImages.position} limit 1)`,
        })
        .from(items)
        .innerJoin(users, eq(users.id, items.ownerId))
        .where(inArray(items.id, itemIds));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Active rentals of these items that share a day with the wanted ranges. */
    async clashes(lines: Array<{ itemId: string; startDate: string; endDate: string }>): Promise<Set<string>> {
      if (lines.length === 0) return new Set();
      const wanted = sql.join(
        lines.map((l) => sql`(${l.itemId}::uuid, daterange(${l.startDate}::date, ${l.endDate}::date, '[]'))`),
        sql`, `,
      );
      const rows = await queryRows<{ item_id: string }>(
        db,
        sql`select distinct w.item_id from (values ${wanted}) as w(item_id, range)
            join rentals r on r.item_id = w.item_id and not r.returned and r.cancelled_at is null
             and daterange(r.start_date, r.end_date, '[]') && w.range`,
      );
      return new Set(rows.map((r) => r.item_id));
    },

    /** Of the wanted lines, those the renter has booked themselves on exactly those dates. */
    async bookedBy(renterId: string, lines: Array<{ itemId: string; startDate: string; endDate: string }>): Promise<Set<string>> {
      if (lines.length === 0) return new Set();
      const wanted = sql.join(lines.map((l) => sql`(${l.itemId}::uuid, ${l.startDate}::date, ${l.endDate}::date)`), sql`, `);
      const rows = await queryRows<{ item_id: string }>(
        db,
        sql`select distinct w.item_id from (values ${wanted}) as w(item_id, start_date, end_date)
            join rentals r on r.item_id = w.item_id and r.renter_id = ${renterId} and r.cancelled_at is null
             and r.start_date = w.start_date and r.end_date = w.end_date`,
      );
      return new Set(rows.map((r) => r.item_id));
    },

    async borrowerAddress(userId: string) {
      const [row] = await db
        .select({ line: users.addressLine, city: users.addressCity, postcode: users.addressPostcode })
        .from(users)
        .where(eq(users.id, userId));
      return row?.line && row.city && row.postcode ? { line: row.line, city: row.city, postcode: row.postcode } : null;
    },

    attempts: {
      /** Claims the key; returns the existing attempt when the key was used before. */
      async claim(renterId: string, key: string, requestHash: string) {
        const inserted = await db
          .insert(checkoutAttempts)
          .values({ renterId, idempotencyKey: key, requestHash, status: 'processing' })
          .onConflictDoNothing()
          .returning({ id: checkoutAttempts.id });
        if (inserted[0]) return { claimed: true as const, id: inserted[0].id };
        const [existing] = await db
          .select()
          .from(checkoutAttempts)
          .where(and(eq(checkoutAttempts.renterId, renterId), eq(checkoutAttempts.idempotencyKey, key)));
        return { claimed: false as const, existing: existing! };
      },
      /** A failed attempt may be tried again with the same key. */
      async reclaimFailed(id: string): Promise<boolean> {
        const rows = await db
          .update(checkoutAttempts)
          .set({ status: 'processing', updatedAt: new Date() })
          .where(and(eq(checkoutAttempts.id, id), eq(checkoutAttempts.status, 'failed')))
          .returning({ id: checkoutAttempts.id });
        return rows.length === 1;
      },
      async fail(id: string) {
        await db.update(checkoutAttempts).set({ status: 'failed', updatedAt: new Date() }).where(eq(checkoutAttempts.id, id));
      },
    },

    /**
     * Books every line and records the payment and its ledger entries in one transaction. Rentals are
     * inserted one by one so that an overlap (the exclusion constraint) names the line that clashed.
     */
    async book(input: {
      attemptId: string;
      renterId: string;
      lines: NewRental[];
      subtotalPence: number;
      serviceFeePence: number;
      card: { brand: string; last4: string };
      provider: string;
      providerReference: string;
      onInsert: (index: number) => void;
    }): Promise<{ paymentId: string; rentalIds: string[] }> {
      return db.transaction(async (tx) => {
        const [payment] = await tx
          .insert(payments)
          .values({
            renterId: input.renterId,
            subtotalPence: input.subtotalPence,
            serviceFeePence: input.serviceFeePence,
            amountPence: input.subtotalPence + input.serviceFeePence,
            brand: input.card.brand,
            last4: input.card.last4,
            provider: input.provider,
            providerReference: input.providerReference,
          })
          .returning({ id: payments.id });
        const paymentId = payment!.id;
        const rentalIds: string[] = [];
        for (const [index, line] of input.lines.entries()) {
          input.onInsert(index);
          const [row] = await tx
            .insert(rentals)
            .values({ ...line, renterId: input.renterId, paymentId })
            .returning({ id: rentals.id });
          rentalIds.push(row!.id);
        }
        await postTransaction(tx, {
          kind: 'checkout',
          paymentId,
          entries: [
            { userId: input.renterId, account: 'card', kind: 'rental_payment', amountPence: -(input.subtotalPence + input.serviceFeePence) },
            ...input.lines.map((line, i) => ({
              userId: line.ownerId,
              account: 'pending' as const,
              kind: 'owner_earnings',
              amountPence: line.totalPence,
              rentalId: rentalIds[i]!,
            })),
            { userId: null, account: 'fees', kind: 'service_fee', amountPence: input.serviceFeePence },
          ],
        });
        await tx
          .update(checkoutAttempts)
          .set({ status: 'succeeded', paymentId, updatedAt: new Date() })
          .where(eq(checkoutAttempts.id, input.attemptId));
        return { paymentId, rentalIds };
      });
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { payments, rentals, users } from '../../db/schema.ts';
import { pageOffset, type PageRequest } from '@toolshed/core/contract';
import type { CancellationPolicy } from '@toolshed/core';
import { orderPaymentColumns, rentalOfParty, verifiedPhone } from './rental-parties-sql.ts';
import { toRental, type RentalRow } from './rental-rows.ts';

/** A rental with its item, both parties and its money, as the lifecycle and the rental views read it. */
export interface Rental {
  id: string;
  itemId: string;
  itemName: string;
  thumbKey: string | null;
  itemAddress: string | null;
  itemCity: string | null;
  itemPostcode: string | null;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  /** Only a verified phone, with its country code. */
  ownerPhone: string | null;
  renterId: string;
  renterName: string;
  renterEmail: string;
  renterPhone: string | null;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  dailyRatePence: number | null;
  totalPence: number;
  returned: boolean;
  /** ISO timestamp. */
  returnedAt: string | null;
  cancelled: boolean;
  /** ISO timestamp. */
  cancelledAt: string | null;
  cancelledBy: 'renter' | 'owner' | 'system' | null;
  cancelReason: string | null;
  refundPence: number | null;
  /** What of the refund went back to a card, per card (card-refunds.ts); the rest went to the balance. */
  cardRefunds: CardRefundLine[];
  paymentId: string | null;
  /** The order's short reference ('TS-7K3Q-92'); null without a checkout. */
  orderReference: string | null;
  /** authorised or capture_pending while the card payment is still being taken. */
  paymentStatus: string | null;
  /** The checkout's fee and every line of it ordered by rental id: the fee share follows from them. */
  paymentFeePence: number | null;
  paymentLines: PaymentLine[] | null;
  /** Request to book (migration 0027): null for an instant booking. */
  requestStatus: RequestStatus | null;
  /** ISO timestamp. */
  requestExpiresAt: string | null;
  requestAuthorizationId: string | null;
  requestAmountPence: number | null;
  /** The deposit still held on the card for this rental (0: none, or already released or captured). */
  depositHeldPence: number;
  /** What extensions added to totalPence and to the fee paid (0 when never extended). */
  extendedLinePence: number;
  extendedFeePence: number;
  /** Frozen at booking: the weekly price charged and the buffer kept after the rental. */
  weeklyRatePence: number | null;
  bufferDays: number;
  /** The item's cancellation policy when it was booked. */
  cancellationPolicy: CancellationPolicy;
  /** An extension of a request item waiting for the owner, holding its days until expiresAt. */
  pendingExtension: { endDate: string; totalPence: number; expiresAt: string } | null;
  renterReview: RentalReview | null;
  ownerReview: RentalReview | null;
  /** ISO timestamp. */
  createdAt: string;
}

/** A refund to a card as the rental shows it: a failed one was given to the balance instead. */
export interface CardRefundLine {
  amountPence: number;
  brand: string | null;
  last4: string | null;
  status: 'pending' | 'succeeded' | 'failed';
}

export type RequestStatus = 'pending' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

/** One line of the rental's checkout: its total before any extension. */
export interface PaymentLine {
  id: string;
  totalPence: number;
}

/** A party's review of the rental. */
export interface RentalReview {
  /** Half stars, 0.5 to 5. */
  rating: number;
  comment: string;
  /** ISO timestamp. */
  createdAt: string;
  published: boolean;
}

/** The checkout payment of an order, as its renter sees it. */
export interface OrderPayment {
  id: string;
  reference: string;
  renterId: string;
  subtotalPence: number;
  serviceFeePence: number;
  amountPence: number;
  /** What of the charge the renter's Toolshed balance paid. */
  balancePence: number;
  brand: string;
  last4: string;
  /** ISO timestamp. */
  createdAt: string;
}

const ownerOf = alias(users, 'o');
const renterOf = alias(users, 'rn');

const review = (role: 'renter' | 'owner') =>
  sql`(select json_build_object('rating', rv.rating, 'comment', rv.comment, 'created_at', rv.created_at, 'published', rv.published_at is not null)
       from reviews rv where rv.rental_id = r.id and rv.reviewer_role = ${role} limit 1)`;

/**
 * A rental as every view reads it. SQL: its review, pending extension and checkout lines are JSON
 * built by correlated subqueries, which the builder cannot say; the locks and writes use the builder.
 */
function selectRentals(where: SQL, order: SQL = sql`r.start_date desc, r.created_at desc, r.id`, page?: PageRequest) {
  return sql`
    select r.id, r.item_id, i.name as item_name,
           (select thumb_key from item_images im where im.item_id = r.item_id order by position limit 1) as thumb_key,
           i.address as item_address, i.city as item_city, i.postcode as item_postcode,
           r.owner_id, o.name as owner_name, o.email as owner_email, ${verifiedPhone(ownerOf)} as owner_phone,
           r.renter_id, rn.name as renter_name, rn.email as renter_email, ${verifiedPhone(renterOf)} as renter_phone,
           to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date,
           r.daily_rate_pence, r.total_pence, r.returned, r.returned_at::text as returned_at,
           r.cancelled_at is not null as cancelled, r.cancelled_at::text as cancelled_at,
           r.cancelled_by, r.cancel_reason, r.refund_pence,
           (select json_agg(json_build_object('amount', cr.amount_pence, 'brand', cr.brand, 'last4', cr.last4, 'status', cr.status) order by cr.created_at, cr.id)
              from card_refunds cr where cr.rental_id = r.id) as card_refunds,
           r.payment_id,
           (select p.service_fee_pence from payments p where p.id = r.payment_id) as payment_fee_pence,
           (select p.reference from payments p where p.id = r.payment_id) as order_reference,
           (select p.status from payments p where p.id = r.payment_id) as payment_status,
           (select json_agg(json_build_object('id', r2.id, 'total', r2.total_pence - r2.extended_line_pence) order by r2.id)
              from rentals r2 where r2.payment_id = r.payment_id) as payment_lines,
           r.request_status, r.request_expires_at::text as request_expires_at, r.request_authorization_id, r.request_amount_pence,
           (select d.amount_pence from deposit_holds d where d.rental_id = r.id and d.status in ('held', 'scheduled')) as deposit_held_pence,
           r.extended_line_pence, r.extended_fee_pence, r.weekly_rate_pence, r.buffer_days, r.cancellation_policy,
           (select json_build_object('end_date', to_char(x.to_end_date, 'YYYY-MM-DD'), 'total_pence', x.line_pence + x.fee_pence, 'expires_at', x.expires_at)
              from rental_extensions x where x.rental_id = r.id and x.status = 'pending') as pending_extension,
           ${review('renter')} as renter_review, ${review('owner')} as owner_review,
           r.created_at::text as created_at
    from rentals r
    join items i on i.id = r.item_id
    join users o on o.id = r.owner_id
    join users rn on rn.id = r.renter_id
    where ${where}
    order by ${order}
    ${page ? sql`limit ${page.pageSize} offset ${pageOffset(page)}` : sql``}`;
}

/** One page of a party's rentals, newest start first, and how many they have in all. */
async function pageOfRentals(db: Db, where: SQL, page: PageRequest): Promise<{ rentals: Rental[]; total: number }> {
  const [rentals, counted] = await Promise.all([
    readRentals(db, selectRentals(where, undefined, page)),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from rentals r where ${where}`),
  ]);
  return { rentals, total: Number(counted[0]?.total ?? 0) };
}

const isParty = (userId: string) => sql`(r.renter_id = ${userId} or r.owner_id = ${userId})`;

const readRentals = async (executor: Executor, query: SQL): Promise<Rental[]> =>
  (await queryRows<RentalRow>(executor as Db, query)).map(toRental);

export function createRentalRepository(db: Db) {
  return {
    rentalsOfRenter: (renterId: string, page: PageRequest) => pageOfRentals(db, sql`r.renter_id = ${renterId}`, page),

    /** Rentals of the owner's items, newest start first (the owner's side of My Items). */
    rentalsOfOwner: (ownerId: string, page: PageRequest) => pageOfRentals(db, sql`r.owner_id = ${ownerId}`, page),

    /** A rental seen by its renter or its owner; nobody else. */
    async rentalFor(rentalId: string, userId: string): Promise<Rental | undefined> {
      const found = await readRentals(db, selectRentals(sql`r.id = ${rentalId} and ${isParty(userId)}`));
      return found[0];
    },

    /** The spec's other rental address: item id and start date (a cancelled one only if nothing else matches). */
    async rentalByItemAndStart(itemId: string, startDate: string, userId: string): Promise<Rental | undefined> {
      const found = await readRentals(
        db,
        selectRentals(
          sql`r.item_id = ${itemId} and r.start_date = ${startDate}::date and ${isParty(userId)}`,
          sql`(r.cancelled_at is null) desc, r.created_at desc`,
        ),
      );
      return found[0];
    },

    async order(paymentId: string, renterId: string): Promise<{ payment: OrderPayment; rentals: Rental[] } | undefined> {
      const [payment] = await db
        .select({ ...orderPaymentColumns, createdAt: payments.createdAt })
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.renterId, renterId)));
      if (!payment) return undefined;
      const lines = await readRentals(db, selectRentals(sql`r.payment_id = ${paymentId}`, sql`i.name, r.start_date`));
      return { payment: { ...payment, createdAt: payment.createdAt.toISOString() }, rentals: lines };
    },

    /** Runs `work` in one transaction with writers bound to it. */
    transaction: <T>(work: (tx: RentalWriter) => Promise<T>) => db.transaction((tx) => work(rentalWriter(tx))),
  };
}

/**
 * Locks the rental row, then reads it with everything beside it in a second statement. In one
 * statement, a transaction that waited for the lock would see the rental row as the one before it
 * left it, but its subqueries (the reviews, the payment) as they were when it started waiting: the
 * second of two reviews sent at once found no review, inserted its own and hit the unique index.
 * A new statement takes a new snapshot, which holds what the lock's previous holder committed.
 */
async function lockThenRead(tx: Executor, where: SQL | undefined): Promise<Rental | undefined> {
  const [locked] = await tx.select({ id: rentals.id }).from(rentals).where(where).for('update');
  if (!locked) return undefined;
  const found = await readRentals(tx, selectRentals(sql`r.id = ${locked.id}`));
  return found[0];
}

/** Writes of the lifecycle, inside a transaction that first locks the rental row. */
function rentalWriter(tx: Executor) {
  return {
    executor: tx,

    /**
     * The rental, locked until the transaction ends, if `userId` is a party: a cancel racing a
     * return or another cancel waits here and then sees the first one's outcome.
     */
    lockForParty: (rentalId: string, userId: string) => lockThenRead(tx, rentalOfParty(rentalId, userId)),

    lock: (rentalId: string) => lockThenRead(tx, eq(rentals.id, rentalId)),

    /** Cancelling sets cancelled_at, which takes the rental out of the no-overlap constraint: its dates are free at once. */
    async markCancelled(
      rentalId: string,
      by: 'renter' | 'owner' | 'system',
      reason: string | null,
      refundPence: number,
      at: Date,
      refundPercent = 100,
    ): Promise<void> {
      await tx
        .update(rentals)
        .set({ cancelledAt: at, cancelledBy: by, cancelReason: reason, refundPence, refundPercent })
        .where(and(eq(rentals.id, rentalId), isNull(rentals.cancelledAt), eq(rentals.returned, false)));
    },

    async markReturned(rentalId: string, at: Date): Promise<void> {
      await tx
        .update(rentals)
        .set({ returned: true, returnedAt: at })
        .where(and(eq(rentals.id, rentalId), isNull(rentals.cancelledAt), eq(rentals.returned, false)));
    },
  };
}

export type RentalWriter = ReturnType<typeof rentalWriter>;
export type RentalRepository = ReturnType<typeof createRentalRepository>;

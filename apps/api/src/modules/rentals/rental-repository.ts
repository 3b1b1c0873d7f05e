import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/database.ts';

export interface RentalRow {
  id: string;
  item_id: string;
  item_name: string;
  thumb_key: string | null;
  item_address: string | null;
  item_city: string | null;
  item_postcode: string | null;
  owner_id: string;
  owner_name: string;
  owner_email: string;
  owner_phone: string | null;
  renter_id: string;
  renter_name: string;
  renter_email: string;
  renter_phone: string | null;
  start_date: string;
  end_date: string;
  daily_rate_pence: number | null;
  total_pence: number;
  returned: boolean;
  returned_at: string | null;
  cancelled: boolean;
  cancelled_at: string | null;
  cancelled_by: 'renter' | 'owner' | 'system' | null;
  cancel_reason: string | null;
  refund_pence: number | null;
  payment_id: string | null;
  /** authorised or capture_pending while the card payment is still being taken. */
  payment_status: string | null;
  /** The checkout's fee and every line of it ordered by rental id: the fee share follows from them. */
  payment_fee_pence: number | null;
  payment_lines: Array<{ id: string; total: number }> | null;
  /** Request to book (migration 0027): null for an instant booking. */
  request_status: 'pending' | 'accepted' | 'declined' | 'expired' | 'withdrawn' | null;
  request_expires_at: string | null;
  request_authorization_id: string | null;
  request_amount_pence: number | null;
  /** What extensions added to total_pence and to the fee paid (0 when never extended). */
  extended_line_pence: number;
  extended_fee_pence: number;
  /** Frozen at booking: the weekly price charged and the buffer kept after the rental. */
  weekly_rate_pence: number | null;
  buffer_days: number;
  /** An extension of a request item waiting for the owner, holding its days until expires_at. */
  pending_extension: { end_date: string; total_pence: number; expires_at: string } | null;
  renter_review: ReviewCell | null;
  owner_review: ReviewCell | null;
  created_at: string;
}

export interface ReviewCell {
  rating: string | number;
  comment: string;
  created_at: string;
  published: boolean;
}

export interface PaymentRow {
  id: string;
  renter_id: string;
  subtotal_pence: number;
  service_fee_pence: number;
  amount_pence: number;
  brand: string;
  last4: string;
  created_at: string;
}

const phone = (alias: string) =>
  sql.raw(
    `case when ${alias}.phone_verified and ${alias}.phone_number is not null then concat_ws(' ', ${alias}.phone_country_code, ${alias}.phone_number) end`,
  );

const review = (role: 'renter' | 'owner') =>
  sql`(select json_build_object('rating', rv.rating, 'comment', rv.comment, 'created_at', rv.created_at, 'published', rv.published_at is not null)
       from reviews rv where rv.rental_id = r.id and rv.reviewer_role = ${role} limit 1)`;

function selectRentals(where: SQL, order: SQL = sql`r.start_date desc, r.created_at desc`) {
  return sql`
    select r.id, r.item_id, i.name as item_name,
           (select thumb_key from item_images im where im.item_id = r.item_id order by position limit 1) as thumb_key,
           i.address as item_address, i.city as item_city, i.postcode as item_postcode,
           r.owner_id, o.name as owner_name, o.email as owner_email, ${phone('o')} as owner_phone,
           r.renter_id, rn.name as renter_name, rn.email as renter_email, ${phone('rn')} as renter_phone,
           to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date,
           r.daily_rate_pence, r.total_pence, r.returned, r.returned_at::text as returned_at,
           r.cancelled_at is not null as cancelled, r.cancelled_at::text as cancelled_at,
           r.cancelled_by, r.cancel_reason, r.refund_pence,
           r.payment_id,
           (select p.service_fee_pence from payments p where p.id = r.payment_id) as payment_fee_pence,
           (select p.status from payments p where p.id = r.payment_id) as payment_status,
           (select json_agg(json_build_object('id', r2.id, 'total', r2.total_pence - r2.extended_line_pence) order by r2.id)
              from rentals r2 where r2.payment_id = r.payment_id) as payment_lines,
           r.request_status, r.request_expires_at::text as request_expires_at, r.request_authorization_id, r.request_amount_pence,
           r.extended_line_pence, r.extended_fee_pence, r.weekly_rate_pence, r.buffer_days,
           (select json_build_object('end_date', to_char(x.to_end_date, 'YYYY-MM-DD'), 'total_pence', x.line_pence + x.fee_pence, 'expires_at', x.expires_at)
              from rental_extensions x where x.rental_id = r.id and x.status = 'pending') as pending_extension,
           ${review('renter')} as renter_review, ${review('owner')} as owner_review,
           r.created_at::text as created_at
    from rentals r
    join items i on i.id = r.item_id
    join users o on o.id = r.owner_id
    join users rn on rn.id = r.renter_id
    where ${where}
    order by ${order}`;
}

const isParty = (userId: string) => sql`(r.renter_id = ${userId} or r.owner_id = ${userId})`;

export function createRentalRepository(db: Db) {
  return {
    rentalsOfRenter: (renterId: string) => queryRows<RentalRow>(db, selectRentals(sql`r.renter_id = ${renterId}`)),

    /** Rentals of the owner's items, newest start first (the owner's side of My Items). */
    rentalsOfOwner: (ownerId: string) => queryRows<RentalRow>(db, selectRentals(sql`r.owner_id = ${ownerId}`)),

    /** A rental seen by its renter or its owner; nobody else. */
    async rentalFor(rentalId: string, userId: string): Promise<RentalRow | undefined> {
      const rows = await queryRows<RentalRow>(db, selectRentals(sql`r.id = ${rentalId} and ${isParty(userId)}`));
      return rows[0];
    },

    /** The spec's other rental address: item id and start date (a cancelled one only if nothing else matches). */
    async rentalByItemAndStart(itemId: string, startDate: string, userId: string): Promise<RentalRow | undefined> {
      const rows = await queryRows<RentalRow>(
        db,
        selectRentals(
          sql`r.item_id = ${itemId} and r.start_date = ${startDate}::date and ${isParty(userId)}`,
          sql`(r.cancelled_at is null) desc, r.created_at desc`,
        ),
      );
      return rows[0];
    },

    async order(paymentId: string, renterId: string): Promise<{ payment: PaymentRow; rentals: RentalRow[] } | undefined> {
      const payments = await queryRows<PaymentRow>(
        db,
        sql`select id, renter_id, subtotal_pence, service_fee_pence, amount_pence, brand, last4, created_at::text as created_at
            from payments where id = ${paymentId} and renter_id = ${renterId}`,
      );
      if (!payments[0]) return undefined;
      const rentals = await queryRows<RentalRow>(db, selectRentals(sql`r.payment_id = ${paymentId}`, sql`i.name, r.start_date`));
      return { payment: payments[0], rentals };
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
async function lockThenRead(tx: Executor, where: SQL): Promise<RentalRow | undefined> {
  const locked = await queryRows<{ id: string }>(tx as Db, sql`select r.id from rentals r where ${where} for update of r`);
  if (!locked[0]) return undefined;
  const rows = await queryRows<RentalRow>(tx as Db, selectRentals(sql`r.id = ${locked[0].id}`));
  return rows[0];
}

/** Writes of the lifecycle, inside a transaction that first locks the rental row. */
function rentalWriter(tx: Executor) {
  return {
    executor: tx,

    /**
     * The rental, locked until the transaction ends, if `userId` is a party: a cancel racing a
     * return or another cancel waits here and then sees the first one's outcome.
     */
    lockForParty: (rentalId: string, userId: string) => lockThenRead(tx, sql`r.id = ${rentalId} and ${isParty(userId)}`),

    lock: (rentalId: string) => lockThenRead(tx, sql`r.id = ${rentalId}`),

    /** Cancelling sets cancelled_at, which takes the rental out of the no-overlap constraint: its dates are free at once. */
    async markCancelled(
      rentalId: string,
      by: 'renter' | 'owner' | 'system',
      reason: string | null,
      refundPence: number,
      at: Date,
    ): Promise<void> {
      await tx.execute(
        sql`update rentals set cancelled_at = ${at.toISOString()}, cancelled_by = ${by}, cancel_reason = ${reason}, refund_pence = ${refundPence}
            where id = ${rentalId} and cancelled_at is null and not returned`,
      );
    },

    async markReturned(rentalId: string, at: Date): Promise<void> {
      await tx.execute(
        sql`update rentals set returned = true, returned_at = ${at.toISOString()} where id = ${rentalId} and cancelled_at is null and not returned`,
      );
    },
  };
}

export type RentalWriter = ReturnType<typeof rentalWriter>;
export type RentalRepository = ReturnType<typeof createRentalRepository>;

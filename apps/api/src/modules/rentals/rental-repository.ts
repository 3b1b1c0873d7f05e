import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';

export interface RentalRow {
  id: string;
  item_id: string;
  item_name: string;
  thumb_key: string | null;
  owner_id: string;
  owner_name: string;
  renter_id: string;
  renter_name: string;
  start_date: string;
  end_date: string;
  daily_rate_pence: number | null;
  total_pence: number;
  returned: boolean;
  cancelled: boolean;
  payment_id: string | null;
  created_at: string;
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

function selectRentals(where: SQL, order: SQL = sql`r.start_date desc, r.created_at desc`) {
  return sql`
    select r.id, r.item_id, i.name as item_name,
           (select thumb_key from item_images im where im.item_id = r.item_id order by position limit 1) as thumb_key,
           r.owner_id, o.name as owner_name, r.renter_id, rn.name as renter_name,
           to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date,
           r.daily_rate_pence, r.total_pence, r.returned, r.cancelled_at is not null as cancelled,
           r.payment_id, r.created_at::text as created_at
    from rentals r
    join items i on i.id = r.item_id
    join users o on o.id = r.owner_id
    join users rn on rn.id = r.renter_id
    where ${where}
    order by ${order}`;
}

export function createRentalRepository(db: Db) {
  return {
    rentalsOfRenter: (renterId: string) => queryRows<RentalRow>(db, selectRentals(sql`r.renter_id = ${renterId}`)),

    /** A rental seen by its renter or its owner; nobody else. */
    async rentalFor(rentalId: string, userId: string): Promise<RentalRow | undefined> {
      const rows = await queryRows<RentalRow>(db, selectRentals(sql`r.id = ${rentalId} and (r.renter_id = ${userId} or r.owner_id = ${userId})`));
      return rows[0];
    },

    /** The spec's other rental address: item id and start date (a cancelled one only if nothing else matches). */
    async rentalByItemAndStart(itemId: string, startDate: string, userId: string): Promise<RentalRow | undefined> {
      const rows = await queryRows<RentalRow>(
        db,
        selectRentals(
          sql`r.item_id = ${itemId} and r.start_date = ${startDate}::date and (r.renter_id = ${userId} or r.owner_id = ${userId})`,
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
  };
}

export type RentalRepository = ReturnType<typeof createRentalRepository>;

import { sql } from 'drizzle-orm';
import {
  claimRefundPosting,
  depositHeldPosting,
  depositSettledPosting,
  type ClaimKind,
  type ClaimState,
  type HoldState,
} from '@toolshed/core';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { toInt, toIntOrNull, toIsoDate, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/row-values.ts';
import { balances, postTransaction, rentalAccountTotal } from '../ledger/ledger-repository.ts';

/** A rental as claims and deposits see it: its parties with their contacts, its dates and money. */
export interface ClaimRental {
  id: string;
  itemId: string;
  itemName: string;
  renterId: string;
  renterName: string;
  renterEmail: string;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  dailyRatePence: number;
  totalPence: number;
  /** ISO; null while the item is out. */
  returnedAt: string | null;
  cancelled: boolean;
}

/** The deposit held on the renter's card for one rental. */
export interface DepositHold {
  id: string;
  rentalId: string;
  renterId: string;
  ownerId: string;
  amountPence: number;
  provider: string;
  authorizationId: string;
  status: HoldState;
  capturedPence: number | null;
  /** ISO. */
  settledAt: string | null;
}

/** A problem one party reported on a rental, with the reporter's name. */
export interface ClaimRecord {
  id: string;
  rentalId: string;
  byUserId: string;
  byRole: 'owner' | 'renter';
  byName: string;
  kind: ClaimKind;
  amountPence: number;
  note: string;
  status: ClaimState;
  reply: string | null;
  /** ISO timestamps. */
  createdAt: string;
  disputedAt: string | null;
  escalatedAt: string | null;
  acceptedAt: string | null;
}

/** A photo added to a claim, kept privately. */
export interface ClaimPhoto {
  id: string;
  claimId: string;
  addedBy: string;
  largeKey: string;
  thumbKey: string;
  /** ISO. */
  takenAt: string;
}

interface ClaimRentalRow {
  id: string;
  item_id: string;
  item_name: string;
  renter_id: string;
  renter_name: string;
  renter_email: string;
  owner_id: string;
  owner_name: string;
  owner_email: string;
  start_date: unknown;
  end_date: unknown;
  daily_rate_pence: unknown;
  total_pence: unknown;
  returned_at: unknown;
  cancelled: boolean;
}

interface HoldRow {
  id: string;
  rental_id: string;
  renter_id: string;
  owner_id: string;
  amount_pence: unknown;
  provider: string;
  authorization_id: string;
  status: HoldState;
  captured_pence: unknown;
  settled_at: unknown;
}

interface ClaimRow {
  id: string;
  rental_id: string;
  by_user_id: string;
  by_role: 'owner' | 'renter';
  by_name: string;
  kind: ClaimKind;
  amount_pence: unknown;
  note: string;
  status: ClaimState;
  reply: string | null;
  created_at: unknown;
  disputed_at: unknown;
  escalated_at: unknown;
  accepted_at: unknown;
}

interface ClaimPhotoRow {
  id: string;
  claim_id: string;
  added_by: string;
  large_key: string;
  thumb_key: string;
  taken_at: unknown;
}

const toClaimRental = (r: ClaimRentalRow): ClaimRental => ({
  id: r.id,
  itemId: r.item_id,
  itemName: r.item_name,
  renterId: r.renter_id,
  renterName: r.renter_name,
  renterEmail: r.renter_email,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  ownerEmail: r.owner_email,
  startDate: toIsoDate(r.start_date, 'start_date'),
  endDate: toIsoDate(r.end_date, 'end_date'),
  dailyRatePence: toInt(r.daily_rate_pence, 'daily_rate_pence'),
  totalPence: toInt(r.total_pence, 'total_pence'),
  returnedAt: toIsoTimestampOrNull(r.returned_at, 'returned_at'),
  cancelled: r.cancelled,
});

const toHold = (r: HoldRow): DepositHold => ({
  id: r.id,
  rentalId: r.rental_id,
  renterId: r.renter_id,
  ownerId: r.owner_id,
  amountPence: toInt(r.amount_pence, 'amount_pence'),
  provider: r.provider,
  authorizationId: r.authorization_id,
  status: r.status,
  capturedPence: toIntOrNull(r.captured_pence, 'captured_pence'),
  settledAt: toIsoTimestampOrNull(r.settled_at, 'settled_at'),
});

const toClaim = (r: ClaimRow): ClaimRecord => ({
  id: r.id,
  rentalId: r.rental_id,
  byUserId: r.by_user_id,
  byRole: r.by_role,
  byName: r.by_name,
  kind: r.kind,
  amountPence: toInt(r.amount_pence, 'amount_pence'),
  note: r.note,
  status: r.status,
  reply: r.reply,
  createdAt: toIsoTimestamp(r.created_at, 'created_at'),
  disputedAt: toIsoTimestampOrNull(r.disputed_at, 'disputed_at'),
  escalatedAt: toIsoTimestampOrNull(r.escalated_at, 'escalated_at'),
  acceptedAt: toIsoTimestampOrNull(r.accepted_at, 'accepted_at'),
});

const toPhoto = (r: ClaimPhotoRow): ClaimPhoto => ({
  id: r.id,
  claimId: r.claim_id,
  addedBy: r.added_by,
  largeKey: r.large_key,
  thumbKey: r.thumb_key,
  takenAt: toIsoTimestamp(r.taken_at, 'taken_at'),
});

const photoColumns = sql`select p.id, p.claim_id, p.added_by, p.large_key, p.thumb_key, p.taken_at::text as taken_at from claim_photos p`;

/** A deposit authorised at checkout, to be saved with the booking. */
export interface NewHold {
  rentalId: string;
  renterId: string;
  ownerId: string;
  amountPence: number;
  provider: string;
  authorizationId: string;
}

const rentalColumns = sql`
  select r.id, r.item_id, i.name as item_name, r.renter_id, rn.name as renter_name, rn.email as renter_email,
         r.owner_id, o.name as owner_name, o.email as owner_email,
         to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date,
         coalesce(r.daily_rate_pence, i.daily_rate_pence) as daily_rate_pence, r.total_pence,
         r.returned_at::text as returned_at, r.cancelled_at is not null as cancelled
  from rentals r join items i on i.id = r.item_id join users o on o.id = r.owner_id join users rn on rn.id = r.renter_id`;

const holdColumns = sql`select id, rental_id, renter_id, owner_id, amount_pence, provider, authorization_id, status, captured_pence, settled_at::text as settled_at from deposit_holds`;

const claimColumns = sql`
  select c.id, c.rental_id, c.by_user_id, c.by_role, u.name as by_name, c.kind, c.amount_pence, c.note, c.status, c.reply,
         c.created_at::text as created_at, c.disputed_at::text as disputed_at, c.escalated_at::text as escalated_at, c.accepted_at::text as accepted_at
  from rental_claims c join users u on u.id = c.by_user_id`;

/**
 * Saves the deposits authorised at checkout, inside the booking's transaction: a hold row and its
 * ledger posting (the card's deposit held, not charged) per rental.
 */
export async function recordHolds(tx: Executor, holds: readonly NewHold[]): Promise<void> {
  for (const h of holds) {
    const [row] = await queryRows<{ id: string }>(
      tx as Db,
      sql`insert into deposit_holds (rental_id, renter_id, owner_id, amount_pence, provider, authorization_id)
          values (${h.rentalId}, ${h.renterId}, ${h.ownerId}, ${h.amountPence}, ${h.provider}, ${h.authorizationId}) returning id`,
    );
    await postTransaction(
      tx,
      depositHeldPosting({ holdId: row!.id, rentalId: h.rentalId, renterId: h.renterId, amountPence: h.amountPence }),
    );
  }
}

function writer(tx: Executor) {
  const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(tx as Db, query);
  return {
    executor: tx,

    /** The rental, locked until the transaction ends: reports, answers and settlements of one rental queue here. */
    async lockRental(rentalId: string): Promise<ClaimRental | undefined> {
      const locked = await q<{ id: string }>(sql`select id from rentals where id = ${rentalId} for update`);
      if (!locked[0]) return undefined;
      return (await q<ClaimRentalRow>(sql`${rentalColumns} where r.id = ${rentalId}`)).map(toClaimRental)[0];
    },

    hold: async (rentalId: string): Promise<DepositHold | undefined> =>
      (await q<HoldRow>(sql`${holdColumns} where rental_id = ${rentalId}`)).map(toHold)[0],

    claims: async (rentalId: string): Promise<ClaimRecord[]> =>
      (await q<ClaimRow>(sql`${claimColumns} where c.rental_id = ${rentalId} order by c.created_at, c.id`)).map(toClaim),

    rentalOfClaim: async (claimId: string) =>
      (await q<{ rental_id: string }>(sql`select rental_id from rental_claims where id = ${claimId}`))[0]?.rental_id,

    photos: async (rentalId: string): Promise<ClaimPhoto[]> =>
      (
        await q<ClaimPhotoRow>(
          sql`${photoColumns} join rental_claims c on c.id = p.claim_id where c.rental_id = ${rentalId} order by p.taken_at, p.id`,
        )
      ).map(toPhoto),

    async insertClaim(c: {
      rentalId: string;
      byUserId: string;
      byRole: 'owner' | 'renter';
      kind: ClaimKind;
      amountPence: number;
      note: string;
      at: Date;
    }): Promise<string> {
      const [row] = await q<{ id: string }>(
        sql`insert into rental_claims (rental_id, by_user_id, by_role, kind, amount_pence, note, created_at)
            values (${c.rentalId}, ${c.byUserId}, ${c.byRole}, ${c.kind}, ${c.amountPence}, ${c.note}, ${c.at.toISOString()}) returning id`,
      );
      return row!.id;
    },

    async photoCount(claimId: string, userId: string): Promise<number> {
      const [row] = await q<{ n: unknown }>(
        sql`select count(*)::int as n from claim_photos where claim_id = ${claimId} and added_by = ${userId}`,
      );
      return toInt(row!.n, 'n');
    },

    async addPhoto(p: {
      id: string;
      claimId: string;
      addedBy: string;
      largeKey: string;
      thumbKey: string;
      width: number;
      height: number;
      at: Date;
    }): Promise<void> {
      await tx.execute(
        sql`insert into claim_photos (id, claim_id, added_by, large_key, thumb_key, width, height, taken_at)
            values (${p.id}, ${p.claimId}, ${p.addedBy}, ${p.largeKey}, ${p.thumbKey}, ${p.width}, ${p.height}, ${p.at.toISOString()})`,
      );
    },

    async markAccepted(claimId: string, at: Date): Promise<void> {
      await tx.execute(sql`update rental_claims set status = 'accepted', accepted_at = ${at.toISOString()} where id = ${claimId}`);
    },

    async markDisputed(claimId: string, reply: string, at: Date): Promise<void> {
      await tx.execute(
        sql`update rental_claims set status = 'disputed', reply = ${reply}, disputed_at = ${at.toISOString()} where id = ${claimId}`,
      );
    },

    async markEscalated(claimId: string, at: Date): Promise<void> {
      await tx.execute(sql`update rental_claims set status = 'escalated', escalated_at = ${at.toISOString()} where id = ${claimId}`);
    },

    /** Ends the hold once: captures `capturedPence` for the owner and releases the rest (0: released whole). */
    async settleHold(hold: DepositHold, capturedPence: number, at: Date): Promise<void> {
      await tx.execute(
        sql`update deposit_holds set status = ${capturedPence > 0 ? 'captured' : 'released'}, captured_pence = ${capturedPence}, settled_at = ${at.toISOString()}
            where id = ${hold.id}`,
      );
      await postTransaction(
        tx,
        depositSettledPosting({
          holdId: hold.id,
          rentalId: hold.rentalId,
          renterId: hold.renterId,
          ownerId: hold.ownerId,
          heldPence: hold.amountPence,
          capturedPence,
        }),
      );
    },

    /** A renter's accepted claim: the amount back to their balance from the owner's earnings. */
    async refundClaim(claim: ClaimRecord, rental: ClaimRental): Promise<void> {
      await postTransaction(
        tx,
        claimRefundPosting({
          claimId: claim.id,
          rentalId: rental.id,
          renterId: rental.renterId,
          ownerId: rental.ownerId,
          amountPence: claim.amountPence,
          ownerPendingPence: await rentalAccountTotal(tx, rental.id, rental.ownerId, 'pending'),
          ownerAvailablePence: (await balances(tx, rental.ownerId)).availablePence,
        }),
      );
    },
  };
}

export type DepositsWriter = ReturnType<typeof writer>;

export function createDepositsRepository(db: Db) {
  return {
    /** The rental if `userId` is one of its parties. */
    async rentalFor(rentalId: string, userId: string): Promise<ClaimRental | undefined> {
      return (
        await queryRows<ClaimRentalRow>(
          db,
          sql`${rentalColumns} where r.id = ${rentalId} and (r.renter_id = ${userId} or r.owner_id = ${userId})`,
        )
      ).map(toClaimRental)[0];
    },
    hold: async (rentalId: string): Promise<DepositHold | undefined> =>
      (await queryRows<HoldRow>(db, sql`${holdColumns} where rental_id = ${rentalId}`)).map(toHold)[0],
    holdById: async (holdId: string): Promise<DepositHold | undefined> =>
      (await queryRows<HoldRow>(db, sql`${holdColumns} where id = ${holdId}`)).map(toHold)[0],
    claims: async (rentalId: string): Promise<ClaimRecord[]> =>
      (await queryRows<ClaimRow>(db, sql`${claimColumns} where c.rental_id = ${rentalId} order by c.created_at, c.id`)).map(toClaim),
    rentalOfClaim: async (claimId: string) =>
      (await queryRows<{ rental_id: string }>(db, sql`select rental_id from rental_claims where id = ${claimId}`))[0]?.rental_id,
    /** The photos of a rental's claims, oldest first. */
    photos: async (rentalId: string): Promise<ClaimPhoto[]> =>
      (
        await queryRows<ClaimPhotoRow>(
          db,
          sql`${photoColumns} join rental_claims c on c.id = p.claim_id where c.rental_id = ${rentalId} order by p.taken_at, p.id`,
        )
      ).map(toPhoto),
    transaction: <T>(work: (tx: DepositsWriter) => Promise<T>) => db.transaction((tx) => work(writer(tx))),
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;

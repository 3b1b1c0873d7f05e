import { and, eq, or } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { depositHolds, rentals } from '../../db/schema.ts';
import { withDb } from '../../db/with-db.ts';
import {
  rentalOfClaim,
  selectClaims,
  selectHold,
  selectPhotos,
  selectRental,
  toClaim,
  toClaimRental,
  toHold,
  toPhoto,
  type ClaimPhoto,
  type ClaimRecord,
  type ClaimRental,
  type DepositHold,
} from './deposit-reads-sql.ts';
import * as claimWrites from './deposit-claims-repository.ts';
import * as holdWrites from './deposit-holds-repository.ts';

export type { ClaimPhoto, ClaimRecord, ClaimRental, DepositHold } from './deposit-reads-sql.ts';
export { recordHolds } from './deposit-holds-repository.ts';

/** The rental, locked until the transaction ends: reports, answers and settlements of one rental queue here. */
async function lockRental(tx: Executor, rentalId: string): Promise<ClaimRental | undefined> {
  const locked = await tx.select({ id: rentals.id }).from(rentals).where(eq(rentals.id, rentalId)).for('update');
  if (!locked[0]) return undefined;
  return (await selectRental(tx).where(eq(rentals.id, rentalId))).map(toClaimRental)[0];
}

/** The rental if `userId` is one of its parties. */
const rentalFor = async (executor: Executor, rentalId: string, userId: string): Promise<ClaimRental | undefined> =>
  (await selectRental(executor).where(and(eq(rentals.id, rentalId), or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId))))).map(
    toClaimRental,
  )[0];
const holdOfRental = async (executor: Executor, rentalId: string): Promise<DepositHold | undefined> =>
  (await selectHold(executor).where(eq(depositHolds.rentalId, rentalId))).map(toHold)[0];
const holdById = async (executor: Executor, holdId: string): Promise<DepositHold | undefined> =>
  (await selectHold(executor).where(eq(depositHolds.id, holdId))).map(toHold)[0];
const claimsOf = async (executor: Executor, rentalId: string): Promise<ClaimRecord[]> =>
  (await selectClaims(executor, rentalId)).map(toClaim);
/** The photos of a rental's claims, oldest first. */
const photosOf = async (executor: Executor, rentalId: string): Promise<ClaimPhoto[]> =>
  (await selectPhotos(executor, rentalId)).map(toPhoto);

/** What a transaction of deposits and claims reads and writes, with the rental locked first (deposit-holds- and deposit-claims-repository.ts). */
function writer(tx: Executor) {
  return {
    executor: tx,
    lockRental: withDb(tx, lockRental),
    hold: withDb(tx, holdOfRental),
    claims: withDb(tx, claimsOf),
    rentalOfClaim: withDb(tx, rentalOfClaim),
    photos: withDb(tx, photosOf),
    insertClaim: withDb(tx, claimWrites.insertClaim),
    photoCount: withDb(tx, claimWrites.photoCount),
    addPhoto: withDb(tx, claimWrites.addPhoto),
    markAccepted: withDb(tx, claimWrites.markAccepted),
    markDisputed: withDb(tx, claimWrites.markDisputed),
    markWithdrawn: withDb(tx, claimWrites.markWithdrawn),
    lowerClaim: withDb(tx, claimWrites.lowerClaim),
    propose: withDb(tx, claimWrites.propose),
    markAgreed: withDb(tx, claimWrites.markAgreed),
    markEscalated: withDb(tx, claimWrites.markEscalated),
    refundClaim: withDb(tx, claimWrites.refundClaim),
    markHeld: withDb(tx, holdWrites.markHeld),
    markDeclined: withDb(tx, holdWrites.markDeclined),
    renewed: withDb(tx, holdWrites.renewed),
    endScheduled: withDb(tx, holdWrites.endScheduled),
    markLapsed: withDb(tx, holdWrites.markLapsed),
    settleHold: withDb(tx, holdWrites.settleHold),
  };
}

export type DepositsWriter = ReturnType<typeof writer>;

export function createDepositsRepository(db: Db) {
  return {
    rentalFor: withDb(db as Executor, rentalFor),
    hold: withDb(db as Executor, holdOfRental),
    holdById: withDb(db as Executor, holdById),
    claims: withDb(db as Executor, claimsOf),
    rentalOfClaim: withDb(db as Executor, rentalOfClaim),
    photos: withDb(db as Executor, photosOf),
    transaction: <T>(work: (tx: DepositsWriter) => Promise<T>) => db.transaction((tx) => work(writer(tx))),
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;

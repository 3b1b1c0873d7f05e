import { aliasedTable, and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import {
  claimPhotos,
  depositHolds,
  handoverNotes,
  handoverPhotos,
  items,
  messages,
  messageThreads,
  rentalClaims,
  rentals,
  users,
} from '../../db/schema.ts';

const owners = aliasedTable(users, 'owners');
const renters = aliasedTable(users, 'renters');

export interface StoredPhoto {
  id: string;
  rentalId: string;
  addedBy: string;
  what: string;
  largeKey: string;
  takenAt: Date;
}

/** Both sides' photos of a rental, claim and handover, in the order they were taken. */
async function photosOf(db: Db, rentalId: string): Promise<StoredPhoto[]> {
  const claimed = await db
    .select({ id: claimPhotos.id, addedBy: claimPhotos.addedBy, largeKey: claimPhotos.largeKey, takenAt: claimPhotos.takenAt })
    .from(claimPhotos)
    .innerJoin(rentalClaims, eq(rentalClaims.id, claimPhotos.claimId))
    .where(eq(rentalClaims.rentalId, rentalId));
  const handover = await db
    .select({
      id: handoverPhotos.id,
      addedBy: handoverPhotos.addedBy,
      side: handoverPhotos.side,
      largeKey: handoverPhotos.largeKey,
      takenAt: handoverPhotos.takenAt,
    })
    .from(handoverPhotos)
    .where(eq(handoverPhotos.rentalId, rentalId));
  return [
    ...claimed.map((p) => ({ ...p, rentalId, what: 'claim' })),
    ...handover.map(({ side, ...p }) => ({ ...p, rentalId, what: side === 'pickup' ? 'pick-up' : 'return' })),
  ].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

/** Claims sent to support (escalated), oldest first, with their rental's parties and deposit. */
async function escalated(db: Db, limit: number) {
  return db
    .select({
      id: rentalClaims.id,
      rentalId: rentalClaims.rentalId,
      itemId: rentals.itemId,
      itemName: items.name,
      startDate: rentals.startDate,
      endDate: rentals.endDate,
      kind: rentalClaims.kind,
      byRole: sql<'owner' | 'renter'>`${rentalClaims.byRole}`,
      amountPence: rentalClaims.amountPence,
      note: rentalClaims.note,
      reply: rentalClaims.reply,
      escalatedAt: rentalClaims.escalatedAt,
      ownerId: rentals.ownerId,
      ownerName: owners.name,
      renterId: rentals.renterId,
      renterName: renters.name,
      holdStatus: depositHolds.status,
      holdPence: depositHolds.amountPence,
      acceptedByOwnerPence: sql<number>`(select coalesce(sum(o.amount_pence), 0)::int from rental_claims o where o.rental_id = ${rentalClaims.rentalId} and o.id <> ${rentalClaims.id} and o.by_role = 'owner' and o.status = 'accepted')`,
    })
    .from(rentalClaims)
    .innerJoin(rentals, eq(rentals.id, rentalClaims.rentalId))
    .innerJoin(items, eq(items.id, rentals.itemId))
    .innerJoin(owners, eq(owners.id, rentals.ownerId))
    .innerJoin(renters, eq(renters.id, rentals.renterId))
    .leftJoin(depositHolds, eq(depositHolds.rentalId, rentals.id))
    .where(eq(rentalClaims.status, 'escalated'))
    .orderBy(asc(rentalClaims.escalatedAt), asc(rentalClaims.id))
    .limit(limit);
}

async function handoverRecord(db: Db, rentalId: string) {
  return db.select({ side: handoverNotes.side, note: handoverNotes.note }).from(handoverNotes).where(eq(handoverNotes.rentalId, rentalId));
}

/** The two parties' conversation about the rented item. */
async function partiesMessages(db: Db, itemId: string, ownerId: string, renterId: string) {
  return db
    .select({ senderId: messages.senderId, body: messages.body, sentAt: messages.createdAt })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .where(and(eq(messageThreads.itemId, itemId), eq(messageThreads.ownerId, ownerId), eq(messageThreads.renterId, renterId)))
    .orderBy(asc(messages.seq));
}

/** One photo of a rental (a claim's or the handover's), if it belongs to it. */
async function onePhoto(db: Db, rentalId: string, photoId: string): Promise<StoredPhoto | undefined> {
  return (await photosOf(db, rentalId)).find((p) => p.id === photoId);
}

/** Whether the claim's rental has `memberId` as a party (an operator may not rule on their own). */
async function isParty(db: Db, claimId: string, memberId: string): Promise<boolean> {
  const rows = await db
    .select({ id: rentals.id })
    .from(rentalClaims)
    .innerJoin(rentals, eq(rentals.id, rentalClaims.rentalId))
    .where(and(eq(rentalClaims.id, claimId), or(eq(rentals.ownerId, memberId), eq(rentals.renterId, memberId))));
  return rows.length > 0;
}

/** The SQL the desk reads a disputed claim's evidence with: the claim and rental, both sides' photos, the handover record and their messages. */
export function createClaimEvidenceRepository(db: Db) {
  return {
    escalated: withDb(db, escalated),
    photos: withDb(db, photosOf),
    handoverNotes: withDb(db, handoverRecord),
    messages: withDb(db, partiesMessages),
    photo: withDb(db, onePhoto),
    isParty: withDb(db, isParty),
  };
}

export type ClaimEvidenceRepository = ReturnType<typeof createClaimEvidenceRepository>;

import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { HandoverSide } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { toIsoDate, toIsoTimestampOrNull } from '../../db/row-values.ts';
import { handoverNotes, handoverPhotos, rentals } from '../../db/schema.ts';
import { rentalOfParty, rentalPartyColumns } from './rental-parties-sql.ts';

/** What the handover rules need of a rental, read only for one of its two parties. */
export interface HandoverRental {
  id: string;
  ownerId: string;
  renterId: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  cancelled: boolean;
  /** ISO timestamp. */
  returnedAt: string | null;
}

export interface HandoverPhotoRow {
  id: string;
  side: HandoverSide;
  largeKey: string;
  thumbKey: string;
  width: number;
  height: number;
  takenAt: Date;
}

export interface NewHandoverPhoto {
  id: string;
  rentalId: string;
  side: HandoverSide;
  addedBy: string;
  largeKey: string;
  thumbKey: string;
  width: number;
  height: number;
  takenAt: Date;
}

/** The rental if `userId` is its renter or its owner. */
const rentalForParty = (executor: Executor, rentalId: string, userId: string) =>
  executor
    .select({ ...rentalPartyColumns, returnedAt: rentals.returnedAt })
    .from(rentals)
    .where(rentalOfParty(rentalId, userId));

const toHandoverRental = (r: Awaited<ReturnType<typeof rentalForParty>>[number]): HandoverRental => ({
  ...r,
  startDate: toIsoDate(r.startDate, 'start_date'),
  endDate: toIsoDate(r.endDate, 'end_date'),
  returnedAt: toIsoTimestampOrNull(r.returnedAt, 'returned_at'),
});

/** The only SQL of handover photos and notes. */
export function createHandoverRepository(db: Db) {
  const photos = (executor: Executor, rentalId: string, side?: HandoverSide) =>
    executor
      .select({
        id: handoverPhotos.id,
        side: sql<HandoverSide>`${handoverPhotos.side}`,
        largeKey: handoverPhotos.largeKey,
        thumbKey: handoverPhotos.thumbKey,
        width: handoverPhotos.width,
        height: handoverPhotos.height,
        takenAt: handoverPhotos.takenAt,
      })
      .from(handoverPhotos)
      .where(side ? and(eq(handoverPhotos.rentalId, rentalId), eq(handoverPhotos.side, side)) : eq(handoverPhotos.rentalId, rentalId))
      .orderBy(asc(handoverPhotos.takenAt), asc(handoverPhotos.id));

  return {
    /** The rental if `userId` is its renter or its owner; nobody else learns it exists. */
    async rentalForParty(rentalId: string, userId: string): Promise<HandoverRental | undefined> {
      const [row] = await rentalForParty(db, rentalId, userId);
      return row && toHandoverRental(row);
    },

    photos: (rentalId: string) => photos(db, rentalId),

    async notes(rentalId: string): Promise<Array<{ side: HandoverSide; note: string; updatedAt: Date }>> {
      const rows = await db.select().from(handoverNotes).where(eq(handoverNotes.rentalId, rentalId));
      return rows.map((r) => ({ side: r.side as HandoverSide, note: r.note, updatedAt: r.updatedAt }));
    },

    async photo(rentalId: string, photoId: string): Promise<HandoverPhotoRow | undefined> {
      const rows = await photos(db, rentalId);
      return rows.find((p) => p.id === photoId);
    },

    /** Runs `work` in one transaction that first locks the rental row (for its parties only). */
    transaction: <T>(rentalId: string, userId: string, work: (tx: HandoverWriter, rental: HandoverRental | undefined) => Promise<T>) =>
      db.transaction(async (tx) => {
        const [row] = await rentalForParty(tx, rentalId, userId).for('update');
        return work(handoverWriter(tx), row && toHandoverRental(row));
      }),
  };
}

function handoverWriter(tx: Executor) {
  return {
    async photoCount(rentalId: string, side: HandoverSide): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(handoverPhotos)
        .where(and(eq(handoverPhotos.rentalId, rentalId), eq(handoverPhotos.side, side)));
      return row?.n ?? 0;
    },

    async addPhoto(photo: NewHandoverPhoto): Promise<void> {
      await tx.insert(handoverPhotos).values(photo);
    },

    /** Saves the note of a side; an empty note removes it. */
    async saveNote(rentalId: string, side: HandoverSide, note: string, at: Date): Promise<void> {
      if (!note) {
        await tx.delete(handoverNotes).where(and(eq(handoverNotes.rentalId, rentalId), eq(handoverNotes.side, side)));
        return;
      }
      await tx
        .insert(handoverNotes)
        .values({ rentalId, side, note, updatedAt: at })
        .onConflictDoUpdate({ target: [handoverNotes.rentalId, handoverNotes.side], set: { note, updatedAt: at } });
    },
  };
}

export type HandoverWriter = ReturnType<typeof handoverWriter>;
export type HandoverRepository = ReturnType<typeof createHandoverRepository>;

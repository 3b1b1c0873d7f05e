import { and, asc, eq, sql } from 'drizzle-orm';
import type { HandoverSide } from '@toolshed/core';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { toIsoDate, toIsoTimestampOrNull } from '../../db/row-values.ts';
import { handoverNotes, handoverPhotos } from '../../db/schema.ts';

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

interface HandoverRentalRow {
  id: string;
  owner_id: string;
  renter_id: string;
  start_date: unknown;
  end_date: unknown;
  cancelled: boolean;
  returned_at: unknown;
}

const toHandoverRental = (r: HandoverRentalRow): HandoverRental => ({
  id: r.id,
  ownerId: r.owner_id,
  renterId: r.renter_id,
  startDate: toIsoDate(r.start_date, 'start_date'),
  endDate: toIsoDate(r.end_date, 'end_date'),
  cancelled: r.cancelled,
  returnedAt: toIsoTimestampOrNull(r.returned_at, 'returned_at'),
});

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

const rentalFields = sql`r.id, r.owner_id, r.renter_id, to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date,
  r.cancelled_at is not null as cancelled, r.returned_at::text as returned_at`;

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
      const rows = await queryRows<HandoverRentalRow>(
        db,
        sql`select ${rentalFields} from rentals r where r.id = ${rentalId} and (r.renter_id = ${userId} or r.owner_id = ${userId})`,
      );
      return rows[0] && toHandoverRental(rows[0]);
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
        const rows = await queryRows<HandoverRentalRow>(
          tx as Db,
          sql`select ${rentalFields} from rentals r where r.id = ${rentalId} and (r.renter_id = ${userId} or r.owner_id = ${userId}) for update of r`,
        );
        return work(handoverWriter(tx), rows[0] && toHandoverRental(rows[0]));
      }),
  };
}

function handoverWriter(tx: Executor) {
  return {
    async photoCount(rentalId: string, side: HandoverSide): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        tx as Db,
        sql`select count(*)::int as n from handover_photos where rental_id = ${rentalId} and side = ${side}`,
      );
      return rows[0]?.n ?? 0;
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

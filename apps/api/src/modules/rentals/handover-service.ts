import {
  AppError,
  HANDOVER_MESSAGES,
  handoverParty,
  handoverRefusal,
  handoverNoteProblem,
  MAX_HANDOVER_PHOTOS,
  sniffImage,
  type HandoverFacts,
  type HandoverSide,
  type RentalRole,
} from '@toolshed/core';
import type { Handover, HandoverSideView } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import { storeItemImage } from '../../platform/images/store-image.ts';
import type { FileStorage, StoredFile } from '../../platform/storage/file-storage.ts';
import type { HandoverRental, HandoverRepository } from './handover-repository.ts';

export interface HandoverServiceDeps {
  repo: HandoverRepository;
  storage: FileStorage;
  /** The server's clock: every photo is time-stamped with it, never with the client's. */
  now: () => Date;
}

const notFound = () => new AppError('NOT_FOUND', 'Rental not found.');

const facts = (row: HandoverRental): HandoverFacts => ({
  startDate: row.startDate,
  endDate: row.endDate,
  cancelled: row.cancelled,
  returnedAt: row.returnedAt ? new Date(row.returnedAt) : null,
});

const roleOf = (row: HandoverRental, userId: string): RentalRole => (row.ownerId === userId ? 'owner' : 'renter');

/** The wrong party is forbidden; the right one outside the window is a conflict with the rental's state. */
function refusalError(side: HandoverSide, role: RentalRole, message: string, field?: string): AppError {
  return new AppError(role === handoverParty(side) ? 'CONFLICT' : 'FORBIDDEN', message, field);
}

/** A photo's address: served by the API to the rental's parties only, never at /media. */
const photoUrl = (rentalId: string, photoId: string, size: 'large' | 'thumb') =>
  `/api/rentals/${rentalId}/handover/photos/${photoId}${size === 'thumb' ? '?size=thumb' : ''}`;

/**
 * Handover photos and notes: the owner's at pick-up, the renter's at return. Only the rental's two
 * parties see them; only the right party adds to a side, and only inside its window (core's
 * `handoverRefusal`), checked again under the rental's lock with the photo count.
 */
export function createHandoverService({ repo, storage, now }: HandoverServiceDeps) {
  async function party(rentalId: string, userId: string): Promise<HandoverRental> {
    const row = isRowId(rentalId) ? await repo.rentalForParty(rentalId, userId) : undefined;
    if (!row) throw notFound();
    return row;
  }

  async function view(row: HandoverRental, userId: string): Promise<Handover> {
    const [photos, notes] = await Promise.all([repo.photos(row.id), repo.notes(row.id)]);
    const role = roleOf(row, userId);
    const at = now();
    const side = (s: HandoverSide): HandoverSideView => {
      const refusal = handoverRefusal(s, facts(row), role, at);
      const note = notes.find((n) => n.side === s);
      const mine = photos.filter((p) => p.side === s);
      return {
        side: s,
        addedBy: handoverParty(s),
        note: note?.note ?? null,
        noteUpdatedAt: note ? note.updatedAt.toISOString() : null,
        photos: mine.map((p) => ({
          id: p.id,
          url: photoUrl(row.id, p.id, 'large'),
          thumbUrl: photoUrl(row.id, p.id, 'thumb'),
          width: p.width,
          height: p.height,
          takenAt: p.takenAt.toISOString(),
        })),
        canAdd: refusal === null,
        // The other party is not told why they cannot add to a side that is not theirs.
        refusal: role === handoverParty(s) ? refusal : null,
      };
    };
    return { rentalId: row.id, pickup: side('pickup'), return: side('return') };
  }

  function assertOpen(row: HandoverRental, side: HandoverSide, userId: string, at: Date, field?: string): void {
    const role = roleOf(row, userId);
    const refusal = handoverRefusal(side, facts(row), role, at);
    if (refusal) throw refusalError(side, role, refusal, field);
  }

  return {
    async get(rentalId: string, userId: string): Promise<Handover> {
      return view(await party(rentalId, userId), userId);
    },

    /** Before the upload is read: the party, the window and a free place, so a refused photo is not even decoded. */
    async assertCanAddPhoto(rentalId: string, userId: string, side: HandoverSide): Promise<void> {
      const row = await party(rentalId, userId);
      assertOpen(row, side, userId, now(), 'file');
      const count = (await repo.photos(row.id)).filter((p) => p.side === side).length;
      if (count >= MAX_HANDOVER_PHOTOS) throw new AppError('VALIDATION', HANDOVER_MESSAGES.tooMany, 'file');
    },

    /**
     * Stores one photo (sniffed by its bytes, resized to WebP, metadata and GPS stripped) and records
     * it with the server's time. Checked again under the rental's lock; on any refusal the stored
     * files are removed, so nothing changes.
     */
    async addPhoto(rentalId: string, userId: string, side: HandoverSide, data: Buffer): Promise<Handover> {
      const row = await party(rentalId, userId);
      assertOpen(row, side, userId, now(), 'file');
      if (!sniffImage(data)) throw new AppError('VALIDATION', HANDOVER_MESSAGES.notImage, 'file');
      let stored;
      try {
        stored = await storeItemImage(storage, row.id, data, 'private/handovers');
      } catch {
        throw new AppError('VALIDATION', 'This image could not be read. Please try another file.', 'file');
      }
      try {
        await repo.transaction(row.id, userId, async (tx, locked) => {
          if (!locked) throw notFound();
          const at = now();
          assertOpen(locked, side, userId, at, 'file');
          if ((await tx.photoCount(locked.id, side)) >= MAX_HANDOVER_PHOTOS)
            throw new AppError('VALIDATION', HANDOVER_MESSAGES.tooMany, 'file');
          await tx.addPhoto({
            id: stored.id,
            rentalId: locked.id,
            side,
            addedBy: userId,
            largeKey: stored.largeKey,
            thumbKey: stored.thumbKey,
            width: stored.width,
            height: stored.height,
            takenAt: at,
          });
        });
      } catch (err) {
        await Promise.all([storage.remove(stored.largeKey), storage.remove(stored.thumbKey)]).catch(() => undefined);
        throw err;
      }
      return view(row, userId);
    },

    /** The right party's note on their side, at most 500 characters; an empty note removes it. */
    async saveNote(rentalId: string, userId: string, side: HandoverSide, note: string): Promise<Handover> {
      const row = await party(rentalId, userId);
      const problem = handoverNoteProblem(note);
      if (problem) throw new AppError('VALIDATION', problem, 'note');
      const text = note.trim();
      await repo.transaction(row.id, userId, async (tx, locked) => {
        if (!locked) throw notFound();
        const at = now();
        assertOpen(locked, side, userId, at, 'note');
        await tx.saveNote(locked.id, side, text, at);
      });
      return view(row, userId);
    },

    /** One photo's bytes, for the rental's parties only (anyone else: 404). */
    async photoFile(rentalId: string, userId: string, photoId: string, size: 'large' | 'thumb'): Promise<StoredFile> {
      const row = await party(rentalId, userId);
      const photo = isRowId(photoId) ? await repo.photo(row.id, photoId) : undefined;
      const file = photo ? await storage.get(size === 'thumb' ? photo.thumbKey : photo.largeKey) : null;
      if (!file) throw new AppError('NOT_FOUND', 'Photo not found.');
      return file;
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;

import { AppError, CLAIM_PHOTO_MESSAGES, claimPhotoProblem, sniffImage } from '@toolshed/core';
import type { DepositView } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import { storeItemImage } from '../../platform/images/store-image.ts';
import type { StoredFile } from '../../platform/storage/file-storage.ts';
import { depositView } from './deposit-view.ts';
import { type ClaimKit } from './claim-kit.ts';

/** Photos of a claim: added by a party while the claim is open to them, read by the two parties only. */
export function claimPhotos(kit: ClaimKit) {
  const { repo, storage, now, claimParty, lockParty } = kit;
  return {
    /** Before the upload is read: a party of the claim's rental who may add a photo now, so a refused photo is not even decoded. */
    async assertCanAddPhoto(claimId: string, userId: string): Promise<void> {
      const { claim, role, mine } = await claimParty(claimId, userId);
      const problem = claimPhotoProblem({ state: claim.status, byRole: claim.byRole }, role, mine);
      if (problem)
        throw new AppError(
          problem === CLAIM_PHOTO_MESSAGES.tooMany ? 'VALIDATION' : problem === CLAIM_PHOTO_MESSAGES.notYours ? 'FORBIDDEN' : 'CONFLICT',
          problem,
          'file',
        );
    },
    /**
     * Stores one photo of a claim (sniffed by its bytes, resized to WebP, metadata and GPS stripped),
     * time-stamped by the server. Checked again under the rental's lock; on a refusal the stored files
     * are removed, so nothing changes.
     */
    async addPhoto(claimId: string, userId: string, data: Buffer): Promise<DepositView> {
      const { r } = await claimParty(claimId, userId);
      if (!sniffImage(data)) throw new AppError('VALIDATION', CLAIM_PHOTO_MESSAGES.notImage, 'file');
      let stored;
      try {
        stored = await storeItemImage(storage, claimId, data, 'private/claims');
      } catch {
        throw new AppError('VALIDATION', 'This image could not be read. Please try another file.', 'file');
      }
      try {
        return await repo.transaction(async (tx) => {
          const { role } = await lockParty(tx, r.id, userId);
          const claim = (await tx.claims(r.id)).find((c) => c.id === claimId)!;
          const problem = claimPhotoProblem({ state: claim.status, byRole: claim.byRole }, role, await tx.photoCount(claimId, userId));
          if (problem) throw new AppError(problem === CLAIM_PHOTO_MESSAGES.tooMany ? 'VALIDATION' : 'CONFLICT', problem, 'file');
          const at = now();
          await tx.addPhoto({
            id: stored.id,
            claimId,
            addedBy: userId,
            largeKey: stored.largeKey,
            thumbKey: stored.thumbKey,
            width: stored.width,
            height: stored.height,
            at,
          });
          return depositView(r, await tx.hold(r.id), await tx.claims(r.id), role, at, await tx.photos(r.id));
        });
      } catch (err) {
        await Promise.all([storage.remove(stored.largeKey), storage.remove(stored.thumbKey)]).catch(() => undefined);
        throw err;
      }
    },
    /** One claim photo's bytes, for the rental's parties only (anyone else: 404). */
    async photoFile(claimId: string, userId: string, photoId: string, size: 'large' | 'thumb'): Promise<StoredFile> {
      const { r } = await claimParty(claimId, userId);
      const photo = isRowId(photoId) ? (await repo.photos(r.id)).find((p) => p.id === photoId && p.claimId === claimId) : undefined;
      const file = photo ? await storage.get(size === 'thumb' ? photo.thumbKey : photo.largeKey) : null;
      if (!file) throw new AppError('NOT_FOUND', 'Photo not found.');
      return file;
    },
  };
}

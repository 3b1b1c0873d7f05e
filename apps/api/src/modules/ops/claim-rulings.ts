import { AppError, claimRulingLimit } from '@toolshed/core';
import type { OpsClaim, OpsClaims, OpsDone } from '@toolshed/core/contract';
import type { StoredFile } from '../../platform/storage/file-storage.ts';
import type { DepositsService } from '../deposits/deposits-service.ts';
import { recordAction } from './operator-repository.ts';
import type { ClaimEvidenceRepository } from './claim-evidence-repository.ts';
import { requireReason, rowId } from './desk-rules.ts';

const QUEUE_SIZE = 50;
const photoNotFound = () => new AppError('NOT_FOUND', 'Photo not found.');

/**
 * Claims sent to support, with both sides' evidence side by side (their photos, the handover
 * record, their messages), and the operator's ruling, settled by deposits' own ruling path.
 */
export function claimRulings(deps: {
  evidence: ClaimEvidenceRepository;
  deposits: Pick<DepositsService, 'rule'>;
  storage: { get(key: string): Promise<StoredFile | null> };
}) {
  const { evidence, deposits, storage } = deps;

  async function withEvidence(row: Awaited<ReturnType<ClaimEvidenceRepository['escalated']>>[number]): Promise<OpsClaim> {
    const sideOf = (userId: string) => (userId === row.ownerId ? 'owner' : 'renter') as 'owner' | 'renter';
    const [photos, notes, talk] = await Promise.all([
      evidence.photos(row.rentalId),
      evidence.handoverNotes(row.rentalId),
      evidence.messages(row.itemId, row.ownerId, row.renterId),
    ]);
    const held = row.holdStatus === 'held' ? row.holdPence : null;
    return {
      id: row.id,
      rentalId: row.rentalId,
      itemName: row.itemName,
      startDate: row.startDate,
      endDate: row.endDate,
      kind: row.kind,
      byRole: row.byRole,
      amountPence: row.amountPence,
      depositPence: held ?? 0,
      maxRulingPence: claimRulingLimit({
        byRole: row.byRole,
        amountPence: row.amountPence,
        heldPence: held,
        acceptedByOwnerPence: row.acceptedByOwnerPence,
      }),
      note: row.note,
      reply: row.reply,
      escalatedAt: row.escalatedAt?.toISOString() ?? null,
      owner: { id: row.ownerId, name: row.ownerName },
      renter: { id: row.renterId, name: row.renterName },
      photos: photos.map((p) => ({
        url: `/api/ops/rentals/${row.rentalId}/photos/${p.id}`,
        by: sideOf(p.addedBy),
        what: p.what,
        takenAt: p.takenAt.toISOString(),
      })),
      handoverNotes: notes,
      messages: talk.map((m) => ({ by: sideOf(m.senderId), body: m.body, sentAt: m.sentAt.toISOString() })),
    };
  }

  return {
    /** Claims of the operator's own rentals are left out: someone else rules on them. */
    async list(operatorId: string): Promise<OpsClaims> {
      const rows = (await evidence.escalated(QUEUE_SIZE)).filter((r) => r.ownerId !== operatorId && r.renterId !== operatorId);
      return { claims: await Promise.all(rows.map(withEvidence)) };
    },

    async rule(operatorId: string, claimId: string, amountPence: number, reason: unknown): Promise<OpsDone> {
      const why = requireReason(reason);
      const { auditId } = await deposits.rule(claimId, operatorId, amountPence, (tx, claim) =>
        recordAction(tx, {
          operatorId,
          action: 'rule_claim',
          subjectKind: 'claim',
          subjectId: claim.id,
          reason: why,
          detail: { rentalId: claim.rentalId, byRole: claim.byRole, claimedPence: claim.amountPence, ruledPence: amountPence },
        }),
      );
      return { done: true, auditId };
    },

    /** A claim or handover photo of a rental, for operators. Their own rentals' photos too: reading is not acting. */
    async photoFile(rentalId: string, photoId: string): Promise<StoredFile> {
      rowId(rentalId, photoNotFound);
      rowId(photoId, photoNotFound);
      const photo = await evidence.photo(rentalId, photoId);
      const file = photo ? await storage.get(photo.largeKey) : null;
      if (!file) throw photoNotFound();
      return file;
    },
  };
}

export type ClaimRulings = ReturnType<typeof claimRulings>;

import { CLAIM_KIND_LABELS, formatPence } from '@toolshed/core';
import type { ClaimRecord, ClaimRental, DepositHold } from './deposits-repository.ts';

/** What support needs to decide a dispute, in one email. */
export function evidencePack(
  r: ClaimRental,
  hold: DepositHold | undefined,
  claims: readonly ClaimRecord[],
  claim: ClaimRecord,
  photos: readonly string[],
  appUrl: string,
): string {
  const lines = [
    `A claim was disputed and not agreed within 7 days.`,
    '',
    `Claim: ${claim.id}`,
    `Problem: ${CLAIM_KIND_LABELS[claim.kind]}`,
    `Amount claimed: ${formatPence(claim.amountPence)}${claim.loweredAt ? ` (lowered by the ${claim.byRole} on ${claim.loweredAt})` : ''}`,
    ...(claim.proposal
      ? [
          `Proposal waiting: the ${claim.proposal.byRole} proposed ${formatPence(claim.proposal.amountPence)} on ${claim.proposal.proposedAt}; the other side has not agreed`,
        ]
      : []),
    `Reported by the ${claim.byRole}, ${claim.byName}, on ${claim.createdAt}:`,
    `  ${claim.note}`,
    `Disputed on ${claim.disputedAt ?? '-'}:`,
    `  ${claim.reply ?? ''}`,
    '',
    `Rental: ${r.id} (${appUrl}/rentals/${r.id})`,
    `Item: ${r.itemName}`,
    `Dates: ${r.startDate} to ${r.endDate}; returned ${r.returnedAt ?? 'not yet'}`,
    `Owner: ${r.ownerName} <${r.ownerEmail}>`,
    `Renter: ${r.renterName} <${r.renterEmail}>`,
    `Deposit: ${hold ? `${formatPence(hold.amountPence)}, ${hold.status}` : 'none'}`,
    '',
    'Claims on this rental:',
    ...claims.map((c) => `  - ${CLAIM_KIND_LABELS[c.kind]}, ${formatPence(c.amountPence)}, ${c.status} (by the ${c.byRole})`),
    '',
    'Photos:',
    ...(photos.length > 0 ? photos.map((p) => `  - ${p}`) : ['  (none)']),
  ];
  return lines.join('\n');
}

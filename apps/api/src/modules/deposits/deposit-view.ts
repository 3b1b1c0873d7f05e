import {
  NOT_RETURNED_HOLD_DAYS,
  claimAnswerProblem,
  claimChangeProblem,
  claimSettled,
  claimCeilingPence,
  claimPhotoProblem,
  claimKindsFor,
  claimProblem,
  claimWindowClosesAt,
  escalatesAt,
  lateDays,
  lateFeePence,
  todayInLondon,
  addDays,
  formatDate,
  formatPence,
  declineMessage,
  type ClaimChangeFacts,
  type ClaimRentalFacts,
} from '@toolshed/core';
import type { Claim, DepositView } from '@toolshed/core/contract';
import type { ClaimPhoto, ClaimRecord, ClaimRental, DepositHold } from './deposits-repository.ts';
import { cardNeededBy, cardNeededText, holdsAt } from './deposit-timing.ts';

/** Claim states that still wait on an answer or on support: the hold is not settled while an owner's claim is in one. */
export const UNSETTLED = new Set(['open', 'disputed', 'escalated']);

/** The asker's side of the rental; null for anyone else. */
export const roleIn = (r: ClaimRental, userId: string): 'owner' | 'renter' | null =>
  r.ownerId === userId ? 'owner' : r.renterId === userId ? 'renter' : null;

/** What the claim rules need to know of the rental, its hold and its claims so far. */
export function facts(r: ClaimRental, hold: DepositHold | undefined, claims: readonly ClaimRecord[]): ClaimRentalFacts {
  return {
    startDate: r.startDate,
    endDate: r.endDate,
    dailyRatePence: r.dailyRatePence,
    returnedAt: r.returnedAt ? new Date(r.returnedAt) : null,
    cancelled: r.cancelled,
    holdPence: hold?.amountPence ?? 0,
    holdState: hold?.status ?? null,
    // A renewal declined leaves its reason on the hold; the bound on a tool not back leaves none (decision 042).
    holdEndedUnreturned: hold?.status === 'lapsed' && !hold.declineReason,
    linePence: r.totalPence,
    claimedKinds: claims.map((c) => c.kind),
    openOnHoldPence: claims.filter((c) => c.byRole === 'owner' && UNSETTLED.has(c.status)).reduce((s, c) => s + c.amountPence, 0),
  };
}

/** What the change rules need of a claim: its proposal only counts while it waits for an answer. */
export const changeFacts = (c: ClaimRecord): ClaimChangeFacts => ({
  state: c.status,
  byRole: c.byRole,
  amountPence: c.amountPence,
  proposal: c.proposal && !claimSettled(c.status) ? { amountPence: c.proposal.amountPence, byRole: c.proposal.byRole } : null,
});

/** A photo's address: served by the API to the rental's parties only, never at /media. */
export const photoUrl = (claimId: string, photoId: string, size: 'large' | 'thumb') =>
  `/api/claims/${claimId}/photos/${photoId}${size === 'thumb' ? '?size=thumb' : ''}`;

function claimView(c: ClaimRecord, r: ClaimRental, role: 'owner' | 'renter', userId: string, allPhotos: readonly ClaimPhoto[]): Claim {
  const photos = allPhotos.filter((p) => p.claimId === c.id);
  const actions: Claim['actions'] = [];
  if (!claimAnswerProblem({ state: c.status, byRole: c.byRole }, role, 'accept')) actions.push('accept');
  if (!claimAnswerProblem({ state: c.status, byRole: c.byRole }, role, 'dispute')) actions.push('dispute');
  const change = changeFacts(c);
  for (const action of ['withdraw', 'lower', 'propose', 'agree'] as const) {
    // Lowering needs room below the amount (at least 1p); so does a proposal.
    if (!claimChangeProblem(change, role, action) && (action === 'withdraw' || action === 'agree' || c.amountPence > 1))
      actions.push(action);
  }
  return {
    id: c.id,
    kind: c.kind,
    byRole: c.byRole,
    byName: c.byName,
    amountPence: c.amountPence,
    note: c.note,
    state: c.status,
    reply: c.reply,
    createdAt: c.createdAt,
    disputedAt: c.disputedAt,
    escalatedAt: c.escalatedAt,
    acceptedAt: c.acceptedAt,
    withdrawnAt: c.withdrawnAt,
    loweredAt: c.loweredAt,
    proposal: change.proposal && c.proposal ? c.proposal : null,
    escalatesAt: c.status === 'disputed' && c.disputedAt ? escalatesAt(new Date(c.disputedAt)).toISOString() : null,
    actions,
    photos: photos.map((p) => ({
      id: p.id,
      url: photoUrl(c.id, p.id, 'large'),
      thumbUrl: photoUrl(c.id, p.id, 'thumb'),
      addedBy: p.addedBy === r.ownerId ? ('owner' as const) : ('renter' as const),
      takenAt: p.takenAt,
    })),
    canAddPhotos:
      claimPhotoProblem({ state: c.status, byRole: c.byRole }, role, photos.filter((p) => p.addedBy === userId).length) === null,
  };
}

/** What is happening to the deposit, for this party, when its state alone does not say it. */
function holdNote(r: ClaimRental, hold: DepositHold, role: 'owner' | 'renter'): string | null {
  const amount = formatPence(hold.amountPence);
  if (hold.status === 'scheduled' && hold.declinedAt)
    return role === 'renter'
      ? `The ${amount} deposit could not be held on your saved card. Please add another card by ${cardNeededText(r.startDate)}, or the booking will be cancelled.`
      : `The ${amount} deposit could not be held on the renter's card yet; they have until ${cardNeededText(r.startDate)} to add another, or the booking is cancelled.`;
  if (hold.status === 'scheduled')
    return `The ${amount} deposit will be held on ${role === 'renter' ? 'your' : "the renter's"} card on ${formatDate(addDays(r.startDate, -1))}, a day before the rental starts.`;
  if (hold.status === 'lapsed' && !hold.declineReason)
    return `The ${amount} deposit is no longer held: the item was not marked returned within ${NOT_RETURNED_HOLD_DAYS} days after the rental ended, the longest a deposit is held, so nothing can be claimed from it.`;
  if (hold.status === 'lapsed')
    return `The ${amount} deposit is no longer held: the card's authorisation ran out and could not be renewed, so nothing can be claimed from it.`;
  if (hold.status === 'cancelled') return 'The deposit was never held: the booking was cancelled first.';
  return null;
}

/** A rental's deposit and claims as one party sees them at `at`: what they may report, answer and add. */
export function depositView(
  r: ClaimRental,
  hold: DepositHold | undefined,
  claims: readonly ClaimRecord[],
  role: 'owner' | 'renter',
  at: Date,
  photos: readonly ClaimPhoto[],
): DepositView {
  const userId = role === 'owner' ? r.ownerId : r.renterId;
  const f = facts(r, hold, claims);
  const closes = claimWindowClosesAt(f);
  const canReport = claimKindsFor(role)
    .map((kind) => ({ kind, maxPence: claimCeilingPence(kind, f, at) }))
    .filter(({ kind, maxPence }) => maxPence > 0 && claimProblem({ kind, amountPence: maxPence, role }, f, at) === null);
  return {
    role,
    hold: hold
      ? {
          amountPence: hold.amountPence,
          state: hold.status,
          capturedPence: hold.capturedPence,
          settledAt: hold.settledAt,
          holdsAt: hold.status === 'scheduled' ? holdsAt(r.startDate).toISOString() : null,
          cardNeededBy: hold.status === 'scheduled' && hold.declinedAt ? cardNeededBy(r.startDate).toISOString() : null,
          note: holdNote(r, hold, role),
          declined: hold.status === 'scheduled' && hold.declineReason ? declineMessage(hold.declineReason) : null,
        }
      : null,
    lateDays: lateDays(r.endDate, f.returnedAt ? todayInLondon(f.returnedAt) : null, todayInLondon(at)),
    lateFeePence: r.cancelled ? 0 : lateFeePence(f, at),
    claimWindowClosesAt: closes ? closes.toISOString() : null,
    canReport,
    claims: claims.map((c) => claimView(c, r, role, userId, photos)),
  };
}

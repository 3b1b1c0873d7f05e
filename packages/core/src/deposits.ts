import { addDays, compareDates, daysInclusive, todayInLondon, type IsoDate } from './dates.ts';
import { formatPence } from './money.ts';
import { londonTimeToInstant } from './london-time.ts';

/**
 * Deposits, holds and claims, defined once for the API and the web app.
 *
 * An item may ask for a refundable deposit (0 to £1,000). At checkout the renter's card is authorised
 * for it beside the rental charge: held, not charged. The hold is released when the rental has been
 * returned and its claim window has closed with no claim, or settled by a claim: the agreed amount is
 * captured for the owner and the rest released. A late return accrues the daily rate per late day from
 * the day after the end date; it is claimed from the deposit like any other problem, never charged
 * silently.
 *
 *   hold: held --window closed, no claim--> released
 *         held --claim accepted--> captured (part or all; the rest released)
 *   claim: open --accept (the other party)--> accepted
 *          open --dispute (the other party)--> disputed --7 days without agreement--> escalated
 *          disputed | escalated --accept (the other party)--> accepted
 *          open | disputed | escalated --withdraw (the claimant)--> withdrawn
 *   Until it is settled (accepted or withdrawn) the claimant may lower the amount; once disputed,
 *   either side may propose a lower amount and the other agrees to it, which accepts the claim at it.
 */
export const DEPOSIT_MAX_PENCE = 100_000;
/** Either party may report a problem until this long after the end of the end date (or the return, if later). */
export const CLAIM_WINDOW_HOURS = 48;
/** A disputed claim goes to Toolshed support after this many days without agreement. */
export const DISPUTE_ESCALATION_DAYS = 7;
export const CLAIM_NOTE_MAX = 1000;

/**
 * A deposit's states: scheduled (to be held off-session 24 hours before the start), held, released,
 * captured (part or all), lapsed (its authorisation ran out and could not be renewed: nothing left
 * to claim from), cancelled (scheduled, then its rental was cancelled: never held).
 */
export const HOLD_STATES = ['scheduled', 'held', 'released', 'captured', 'lapsed', 'cancelled'] as const;
export type HoldState = (typeof HOLD_STATES)[number];

export const CLAIM_STATES = ['open', 'accepted', 'disputed', 'escalated', 'withdrawn'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/** A settled claim changes no more: accepted (the amount moved) or withdrawn (nothing moved). */
export const claimSettled = (state: ClaimState): boolean => state === 'accepted' || state === 'withdrawn';

export const CLAIM_KINDS = ['damaged', 'missing_parts', 'not_returned', 'returned_late', 'not_as_described'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_KIND_LABELS: Readonly<Record<ClaimKind, string>> = {
  damaged: 'Damaged',
  missing_parts: 'Missing parts',
  not_returned: 'Not returned',
  returned_late: 'Returned late',
  not_as_described: 'Not as described',
};

/** Which problems each party may report: the owner about the tool's return, the renter about the listing. */
export function claimKindsFor(role: 'owner' | 'renter'): readonly ClaimKind[] {
  return role === 'owner' ? ['damaged', 'missing_parts', 'not_returned', 'returned_late'] : ['not_as_described'];
}

/** Why a deposit cannot be set, or null. */
export function depositProblem(pence: unknown): string | null {
  if (typeof pence !== 'number' || !Number.isInteger(pence) || pence < 0 || pence > DEPOSIT_MAX_PENCE) {
    return `The deposit must be a whole amount from £0 to ${formatPence(DEPOSIT_MAX_PENCE)}.`;
  }
  return null;
}

/** How a deposit is shown beside a price: 'held, not charged'. */
export function depositLabel(pence: number): string {
  return `${formatPence(pence)} deposit held, not charged`;
}

/** What a payment takes and what it only holds, said together where people pay and on what they keep. */
export function chargedAndHeldText(chargedPence: number, heldPence: number): string {
  if (heldPence <= 0) return `${formatPence(chargedPence)} charged`;
  return `${formatPence(chargedPence)} charged and ${formatPence(heldPence)} held, released after the return unless a problem is reported`;
}

/** Late days: every day after the end date up to the return day (or today, while not returned). */
export function lateDays(endDate: IsoDate, returnedOn: IsoDate | null, today: IsoDate): number {
  const last = returnedOn ?? today;
  if (compareDates(last, endDate) <= 0) return 0;
  return daysInclusive(addDays(endDate, 1), last);
}

/** The late fee so far: the daily rate for each late day. */
export function lateFeePence(r: { endDate: IsoDate; dailyRatePence: number; returnedAt: Date | null }, now: Date): number {
  return r.dailyRatePence * lateDays(r.endDate, r.returnedAt ? todayInLondon(r.returnedAt) : null, todayInLondon(now));
}

/**
 * When reports close: 48 hours after the end of the end date (London midnight after it), or after the
 * return if that came later. While the tool is not back, reports stay open.
 */
export function claimWindowClosesAt(r: { endDate: IsoDate; returnedAt: Date | null }): Date | null {
  const endOfEndDate = londonTimeToInstant(addDays(r.endDate, 1), '00:00').getTime();
  if (!r.returnedAt) return null;
  const from = Math.max(endOfEndDate, r.returnedAt.getTime());
  return new Date(from + CLAIM_WINDOW_HOURS * 3_600_000);
}

/**
 * The longest a deposit waits for a tool not marked returned: its authorisation is renewed until this
 * many days after the end date (while no owner's claim on it is open), after which the hold ends when
 * its last authorisation lapses (decision 042). The owner has had that long to report it not returned.
 */
export const NOT_RETURNED_HOLD_DAYS = 14;

/** When a rental not marked returned stops needing its deposit renewed: 00:00 London time NOT_RETURNED_HOLD_DAYS after the end date. */
export function notReturnedHoldEndsAt(endDate: IsoDate): Date {
  return londonTimeToInstant(addDays(endDate, 1 + NOT_RETURNED_HOLD_DAYS), '00:00');
}

/** Why a claim on a lapsed hold is refused: the card declined its renewal, or the tool was not back in time. */
export function lapsedHoldProblem(endedUnreturned: boolean): string {
  return endedUnreturned
    ? `The deposit hold on the renter's card has ended: the item was not marked returned within ${NOT_RETURNED_HOLD_DAYS} days after the rental ended, the longest a deposit is held, so there is no deposit to claim from. Please contact Toolshed support about this problem.`
    : "The deposit hold on the renter's card lapsed and could not be renewed, so there is no deposit to claim from. Please contact Toolshed support about this problem.";
}

export interface ClaimRentalFacts {
  startDate: IsoDate;
  endDate: IsoDate;
  dailyRatePence: number;
  returnedAt: Date | null;
  cancelled: boolean;
  /** The deposit held for this rental, 0 if none. */
  holdPence: number;
  holdState: HoldState | null;
  /** A lapsed hold ended because the tool was not back within NOT_RETURNED_HOLD_DAYS (not because a renewal was declined). */
  holdEndedUnreturned?: boolean;
  /** What the renter paid for the line (the most a 'not as described' claim may ask back). */
  linePence: number;
  /** Kinds already claimed on this rental. */
  claimedKinds: readonly ClaimKind[];
  /** What the owner's unsettled claims already ask of the hold. */
  openOnHoldPence: number;
}

/**
 * The most a claim of this kind may name. The owner's claims share the hold (what other unsettled
 * claims ask is taken off), and a late return is also capped by the late fee; the renter's claim asks
 * back at most what they paid for the line.
 */
export function claimCeilingPence(kind: ClaimKind, r: ClaimRentalFacts, now: Date): number {
  if (kind === 'not_as_described') return r.linePence;
  const hold = r.holdState === 'held' ? Math.max(0, r.holdPence - r.openOnHoldPence) : 0;
  if (kind === 'returned_late') return Math.min(hold, lateFeePence(r, now));
  return hold;
}

/** Why this party cannot report this problem now, or null. Checked on the server; the form shows the same. */
export function claimProblem(
  input: { kind: ClaimKind; amountPence: number; role: 'owner' | 'renter' },
  r: ClaimRentalFacts,
  now: Date,
): string | null {
  const today = todayInLondon(now);
  if (!CLAIM_KINDS.includes(input.kind)) return 'Please choose what the problem is.';
  if (!claimKindsFor(input.role).includes(input.kind)) {
    return input.role === 'owner'
      ? 'An owner cannot report an item as not as described.'
      : 'Only the owner can report damage, missing parts or a late or missing return.';
  }
  if (r.cancelled) return 'This rental was cancelled: there is nothing to claim.';
  if (compareDates(today, r.startDate) < 0) return 'Problems can be reported once the rental has started.';
  if (r.claimedKinds.includes(input.kind)) return 'This problem has already been reported for this rental.';
  if (input.kind === 'not_returned' && r.returnedAt) return 'This item has been returned.';
  if (input.kind !== 'not_returned' && input.kind !== 'not_as_described' && !r.returnedAt) {
    return input.kind === 'returned_late' && lateDays(r.endDate, null, today) > 0
      ? 'Report a late return once the item is back (the fee keeps growing until then).'
      : 'This can be reported once the item is returned.';
  }
  if (input.kind === 'not_returned' && compareDates(today, r.endDate) <= 0) return 'The item is not due back yet.';
  const closes = claimWindowClosesAt(r);
  if (closes && now.getTime() > closes.getTime())
    return `Problems had to be reported within ${CLAIM_WINDOW_HOURS} hours after the rental ended.`;
  if (input.kind !== 'not_as_described' && r.holdState === 'lapsed') return lapsedHoldProblem(r.holdEndedUnreturned === true);
  if (input.kind !== 'not_as_described' && (r.holdState !== 'held' || r.holdPence === 0))
    return 'This rental has no deposit held to claim from.';
  if (!Number.isInteger(input.amountPence) || input.amountPence < 1) return 'Please enter an amount of at least £0.01.';
  const ceiling = claimCeilingPence(input.kind, r, now);
  if (input.amountPence > ceiling) {
    if (input.kind === 'not_as_described') return `A claim can be at most what you paid for this rental, ${formatPence(ceiling)}.`;
    if (input.kind === 'returned_late')
      return `A late-return claim can be at most ${formatPence(ceiling)} (the late days at the daily rate, up to the deposit left to claim).`;
    return `A claim can be at most the deposit left to claim, ${formatPence(ceiling)}.`;
  }
  return null;
}

/** Who answers a claim: the party that did not make it. */
export function claimAnswerProblem(
  claim: { state: ClaimState; byRole: 'owner' | 'renter' },
  role: 'owner' | 'renter',
  action: 'accept' | 'dispute',
): string | null {
  if (claim.byRole === role) return 'Only the other party can answer this claim.';
  if (claim.state === 'accepted') return 'This claim has already been accepted.';
  if (claim.state === 'withdrawn') return CLAIM_CHANGE_MESSAGES.withdrawn;
  if (action === 'dispute' && claim.state !== 'open') return 'This claim has already been disputed.';
  return null;
}

/** The changes to a claim before it is settled: the claimant withdraws or lowers it; after a dispute either side proposes, the other agrees. */
export type ClaimChange = 'withdraw' | 'lower' | 'propose' | 'agree';

export const CLAIM_CHANGE_MESSAGES = {
  notClaimant: 'Only the person who made this claim can withdraw or lower it.',
  accepted: 'This claim has already been accepted.',
  withdrawn: 'This claim has been withdrawn.',
  notDisputed: 'A new amount can be proposed once the claim is disputed.',
  noProposal: 'There is no proposed amount to agree to.',
  ownProposal: 'The other party agrees to your proposal.',
  tooSmall: 'Please enter an amount of at least £0.01.',
} as const;

/** The facts of a claim that its changes depend on. */
export interface ClaimChangeFacts {
  state: ClaimState;
  byRole: 'owner' | 'renter';
  amountPence: number;
  /** A new amount one side proposed after a dispute, waiting for the other. */
  proposal: { amountPence: number; byRole: 'owner' | 'renter' } | null;
}

/**
 * Why this party cannot make this change to the claim now, or null: `forbidden` for the wrong side,
 * `conflict` for the claim's state, `amount` for the amount named. Checked on the server; the page
 * offers only what passes. `amountPence` is the new amount (lower, propose) or the one agreed to (agree).
 */
export function claimChangeProblem(
  claim: ClaimChangeFacts,
  role: 'owner' | 'renter',
  change: ClaimChange,
  amountPence?: number,
): { status: 'forbidden' | 'conflict' | 'amount'; message: string } | null {
  const mine = claim.byRole === role;
  if ((change === 'withdraw' || change === 'lower') && !mine) return { status: 'forbidden', message: CLAIM_CHANGE_MESSAGES.notClaimant };
  if (claim.state === 'accepted') return { status: 'conflict', message: CLAIM_CHANGE_MESSAGES.accepted };
  if (claim.state === 'withdrawn') return { status: 'conflict', message: CLAIM_CHANGE_MESSAGES.withdrawn };
  if (change === 'withdraw') return null;
  if (change === 'propose' && claim.state === 'open') return { status: 'conflict', message: CLAIM_CHANGE_MESSAGES.notDisputed };
  if (change === 'agree') {
    if (!claim.proposal) return { status: 'conflict', message: CLAIM_CHANGE_MESSAGES.noProposal };
    if (claim.proposal.byRole === role) return { status: 'forbidden', message: CLAIM_CHANGE_MESSAGES.ownProposal };
    if (amountPence !== undefined && amountPence !== claim.proposal.amountPence)
      return { status: 'conflict', message: `The proposed amount has changed: it is now ${formatPence(claim.proposal.amountPence)}.` };
    return null;
  }
  if (amountPence === undefined) return null;
  if (!Number.isInteger(amountPence) || amountPence < 1) return { status: 'amount', message: CLAIM_CHANGE_MESSAGES.tooSmall };
  if (amountPence >= claim.amountPence)
    return { status: 'amount', message: `The new amount must be less than the ${formatPence(claim.amountPence)} claimed.` };
  if (change === 'propose' && claim.proposal?.byRole === role && claim.proposal.amountPence === amountPence)
    return { status: 'conflict', message: `You have already proposed ${formatPence(amountPence)}.` };
  return null;
}

export const MAX_CLAIM_PHOTOS = 6;

export const CLAIM_PHOTO_MESSAGES = {
  notImage: 'Claim photos must be JPEG, PNG or WebP images.',
  tooMany: `A claim can have at most ${MAX_CLAIM_PHOTOS} photos from each side.`,
  settled: 'This claim has been accepted: its evidence is closed.',
  withdrawn: 'This claim has been withdrawn: its evidence is closed.',
  notYours: 'The other party adds photos once they dispute the claim.',
} as const;

/**
 * Who may add photos to a claim, and when: the claimant with the report, the other party with their
 * dispute; nobody once it is accepted. `mine` is how many this party has added already.
 */
export function claimPhotoProblem(
  claim: { state: ClaimState; byRole: 'owner' | 'renter' },
  role: 'owner' | 'renter',
  mine: number,
): string | null {
  if (claim.state === 'accepted') return CLAIM_PHOTO_MESSAGES.settled;
  if (claim.state === 'withdrawn') return CLAIM_PHOTO_MESSAGES.withdrawn;
  if (claim.byRole !== role && claim.state === 'open') return CLAIM_PHOTO_MESSAGES.notYours;
  if (mine >= MAX_CLAIM_PHOTOS) return CLAIM_PHOTO_MESSAGES.tooMany;
  return null;
}

/** When a claim disputed at this instant goes to support. */
export function escalatesAt(disputedAt: Date): Date {
  return new Date(disputedAt.getTime() + DISPUTE_ESCALATION_DAYS * 86_400_000);
}

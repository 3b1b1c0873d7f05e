import { addDays, compareDates, type IsoDate } from './dates.ts';

/**
 * A rental's life, defined once. The API applies a transition inside a transaction that locks the
 * rental row; the web app asks `availableTransitions` which buttons to show. Dates are London dates.
 *
 *   upcoming --cancel (renter or owner, before the start date)--> cancelled
 *   upcoming --(start date comes)--> active --(end date passes)--> overdue
 *   active | overdue --mark returned (owner)--> completed
 *   completed --review (renter, once; owner, once)--> completed
 *   upcoming | active | overdue --the card could not be charged (Toolshed itself)--> cancelled
 *
 * A request-to-book item's rental starts as a request, holding its dates with its card authorised:
 *   requested --accept (owner: the card is charged)--> upcoming
 *   requested --decline (owner, with a reason) | expire (Toolshed, after 24 hours or at its start)--> cancelled
 *   requested --withdraw (renter, while it waits)--> cancelled
 * An expired request can no longer be answered or withdrawn even before Toolshed has closed it. A
 * withdrawn, declined or expired request was never charged: its card authorisation is voided.
 */
export const RENTAL_STATES = ['requested', 'upcoming', 'active', 'overdue', 'completed', 'cancelled'] as const;
export type RentalState = (typeof RENTAL_STATES)[number];
export type RentalRole = 'renter' | 'owner';
/** Who takes a transition: a party, or Toolshed itself (never offered as a button). */
export type RentalActor = RentalRole | 'system';

export interface RentalFacts {
  startDate: IsoDate;
  endDate: IsoDate;
  returned: boolean;
  cancelled: boolean;
  /** Whether the renter has reviewed this rental (the owner and item). */
  reviewedByRenter?: boolean;
  /** Whether the owner has reviewed this rental (the renter). */
  reviewedByOwner?: boolean;
  /** A request-to-book rental: where its answer stands (null or absent: booked instantly). */
  request?: RequestStatus | null;
  /** A pending request whose hold has run out (24 hours, or its start): it can no longer be answered. */
  requestExpired?: boolean;
}

type RequestStatus = 'pending' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

export interface TransitionDef {
  by: RentalActor;
  from: readonly RentalState[];
  /** The state after it; reviews leave the state as it is. */
  to: RentalState;
  /** A reason must be given (the owner says why they decline). */
  needsReason?: boolean;
}

export const RENTAL_TRANSITIONS = {
  cancel_by_renter: { by: 'renter', from: ['upcoming'], to: 'cancelled' },
  cancel_by_owner: { by: 'owner', from: ['upcoming'], to: 'cancelled', needsReason: true },
  mark_returned: { by: 'owner', from: ['active', 'overdue'], to: 'completed' },
  review_by_renter: { by: 'renter', from: ['completed'], to: 'completed' },
  review_by_owner: { by: 'owner', from: ['completed'], to: 'completed' },
  // The card was authorised but could not be charged after booking (capture failed for good).
  cancel_unpaid: { by: 'system', from: ['upcoming', 'active', 'overdue'], to: 'cancelled' },
  // Request to book: the owner answers within the hold; Toolshed closes a request nobody answered.
  accept_request: { by: 'owner', from: ['requested'], to: 'upcoming' },
  decline_request: { by: 'owner', from: ['requested'], to: 'cancelled', needsReason: true },
  expire_request: { by: 'system', from: ['requested'], to: 'cancelled' },
  // The renter takes a request back before the owner answers: the authorisation is voided, the dates freed.
  withdraw_request: { by: 'renter', from: ['requested'], to: 'cancelled' },
} as const satisfies Record<string, TransitionDef>;

/** The reason recorded when Toolshed cancels a rental whose payment could not be taken. */
export const UNPAID_CANCEL_REASON = 'The payment could not be taken.';
/** The reason recorded when a request runs out unanswered. */
export const EXPIRED_REQUEST_REASON = 'The owner did not answer the request in time, so its dates were freed and nothing was charged.';
/** The reason recorded when the renter withdraws a request. */
export const WITHDRAWN_REQUEST_REASON = 'The renter withdrew the request, so its dates were freed and nothing was charged.';

export type RentalTransition = keyof typeof RENTAL_TRANSITIONS;

/** Reviews stay hidden until the other side has reviewed too, or this many days after completion. */
export const REVIEW_BLIND_DAYS = 14;
export const REVIEW_COMMENT_MAX = 1000;
/** The owner's reason for declining. */
export const CANCEL_REASON_MAX = 500;

export function rentalState(r: RentalFacts, today: IsoDate): RentalState {
  if (r.cancelled) return 'cancelled';
  if (r.returned) return 'completed';
  if (r.request === 'pending') return 'requested';
  if (compareDates(today, r.startDate) < 0) return 'upcoming';
  return compareDates(r.endDate, today) < 0 ? 'overdue' : 'active';
}

/** Upcoming, active and overdue rentals show in the first tab; completed and cancelled in the past tab. */
export function isCurrentRental(state: RentalState): boolean {
  return state === 'requested' || state === 'upcoming' || state === 'active' || state === 'overdue';
}

/** The transition a party means by an action. */
export function cancelTransition(role: RentalRole): RentalTransition {
  return role === 'renter' ? 'cancel_by_renter' : 'cancel_by_owner';
}
export function reviewTransition(role: RentalRole): RentalTransition {
  return role === 'renter' ? 'review_by_renter' : 'review_by_owner';
}

const CANCEL_REFUSALS: Partial<Record<RentalState, string>> = {
  requested: 'This request is waiting for the owner: withdraw it instead (nothing is charged).',
  cancelled: 'This rental has already been cancelled.',
  active: 'This rental has already started, so it can no longer be cancelled.',
  overdue: 'This rental has already started, so it can no longer be cancelled.',
  completed: 'This rental has been returned, so it can no longer be cancelled.',
};
const RETURN_REFUSALS: Partial<Record<RentalState, string>> = {
  requested: 'This request has not been accepted, so it cannot be marked returned.',
  upcoming: 'This rental has not started yet, so it cannot be marked returned.',
  completed: 'This rental has already been marked returned.',
  cancelled: 'This rental was cancelled, so it cannot be marked returned.',
};
const REVIEW_REFUSAL = 'A rental can be reviewed once it has been returned.';
const EXPIRED_REFUSAL = 'This request has expired: its dates were freed and nothing was charged.';

/** Why a request cannot be answered (accepted or declined) now, whatever its state says. */
function answerRefusal(r: RentalFacts, state: RentalState): string {
  if (r.request === 'declined') return 'This request was declined, so it can no longer be accepted.';
  if (r.request === 'expired') return EXPIRED_REFUSAL;
  if (r.request === 'withdrawn') return 'The renter withdrew this request, so it can no longer be accepted or declined.';
  if (r.request === 'accepted') return 'This request has already been accepted.';
  if (!r.request) return 'This rental was booked instantly: there is no request to answer.';
  return state === 'cancelled' ? 'This request was cancelled.' : 'This request cannot be answered now.';
}

/** Why the renter cannot withdraw the request now. */
function withdrawRefusal(r: RentalFacts): string {
  if (r.request === 'withdrawn') return 'You have already withdrawn this request.';
  if (r.request === 'declined') return 'The owner declined this request, so there is nothing to withdraw.';
  if (r.request === 'expired') return EXPIRED_REFUSAL;
  if (r.request === 'accepted') return 'The owner has accepted this request: cancel the rental instead.';
  if (!r.request) return 'This rental was booked instantly: there is no request to withdraw.';
  return 'This request can no longer be withdrawn.';
}

/**
 * Why `role` may not take `transition` now, in words for the user; null when it may. The caller
 * has already made sure the user is a party (anyone else is told the rental does not exist).
 */
export function transitionRefusal(transition: RentalTransition, r: RentalFacts, role: RentalActor, today: IsoDate): string | null {
  const def: TransitionDef = RENTAL_TRANSITIONS[transition];
  const state = rentalState(r, today);
  if (def.by !== role) {
    if (transition === 'mark_returned') return 'Only the owner can mark a rental returned.';
    if (transition === 'accept_request' || transition === 'decline_request') return 'Only the owner can accept or decline a request.';
    if (transition === 'withdraw_request') return 'Only the renter can withdraw a request.';
    return 'That is for the other party of this rental.';
  }
  if (!def.from.includes(state)) {
    if (transition === 'mark_returned') return RETURN_REFUSALS[state] ?? 'This rental cannot be marked returned now.';
    if (transition === 'review_by_renter' || transition === 'review_by_owner') return REVIEW_REFUSAL;
    if (transition === 'cancel_unpaid') return 'This rental is already closed.';
    if (transition === 'accept_request' || transition === 'decline_request') return answerRefusal(r, state);
    if (transition === 'expire_request') return 'This request has already been answered.';
    if (transition === 'withdraw_request') return withdrawRefusal(r);
    return CANCEL_REFUSALS[state] ?? 'This rental cannot be cancelled now.';
  }
  if ((transition === 'accept_request' || transition === 'decline_request' || transition === 'withdraw_request') && r.requestExpired)
    return EXPIRED_REFUSAL;
  if (transition === 'expire_request' && !r.requestExpired) return 'This request is still waiting for the owner.';
  if (transition === 'review_by_renter' && r.reviewedByRenter) return 'You have already reviewed this rental.';
  if (transition === 'review_by_owner' && r.reviewedByOwner) return 'You have already reviewed this rental.';
  return null;
}

/** What `role` may do with the rental today: the buttons the web app shows. */
export function availableTransitions(r: RentalFacts, role: RentalRole, today: IsoDate): RentalTransition[] {
  return (Object.keys(RENTAL_TRANSITIONS) as RentalTransition[]).filter((t) => transitionRefusal(t, r, role, today) === null);
}

/** A review written about a completed rental becomes visible on this instant at the latest. */
export function reviewsRevealAt(returnedAt: Date): Date {
  return new Date(returnedAt.getTime() + REVIEW_BLIND_DAYS * 86_400_000);
}

/** The last day a cancellation is possible: the day before the start date. */
export function lastCancellableDay(startDate: IsoDate): IsoDate {
  return addDays(startDate, -1);
}

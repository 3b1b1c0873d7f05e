/** The operator's desk (issue 45): its second factor and the words both sides of the API use. */

/** A desk code lasts 10 minutes and allows 5 tries. */
export const OPERATOR_CODE_TTL_MS = 10 * 60_000;
export const OPERATOR_CODE_TRIES = 5;
/** What an operator must write for every action: why, for the audit log. */
export const OPERATOR_REASON_MAX = 1000;

export const OPERATOR_MESSAGES = {
  secondFactor: "Enter the code we emailed you to open the operator's desk.",
  codeSent: 'We have emailed you a 6-digit code. It works for 10 minutes.',
  codeWrong: 'That code is not right. Please check the email and try again.',
  codeExpired: 'That code has expired or was tried too many times. Please ask for a new one.',
  codeFormat: 'Enter the 6 digits from the email.',
  reason: 'Please say why, in at most 1,000 characters: it goes in the audit log.',
  ownAccount: 'You cannot act on your own account, listings or rentals. Ask another operator.',
  reportClosed: 'This report has already been dealt with.',
  notEscalated: 'Only a claim sent to Toolshed support can be ruled on.',
  alreadySuspended: 'This member is already suspended.',
  notSuspended: 'This member is not suspended.',
} as const;

/** The desk code's shape, checked by the form and the API alike: six digits. */
export function operatorCodeProblem(code: string): string | undefined {
  return /^\d{6}$/.test(code.trim()) ? undefined : OPERATOR_MESSAGES.codeFormat;
}

export const OPERATOR_ACTIONS = [
  'dismiss_report',
  'hide_listing',
  'restore_listing',
  'warn_member',
  'suspend_member',
  'reinstate_member',
  'rule_claim',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const OPERATOR_ACTION_LABELS: Record<OperatorAction, string> = {
  dismiss_report: 'Dismissed a report',
  hide_listing: 'Hid a listing',
  restore_listing: 'Restored a listing',
  warn_member: 'Warned a member',
  suspend_member: 'Suspended a member',
  reinstate_member: 'Reinstated a member',
  rule_claim: 'Ruled on a claim',
};

/** The reason an operator gave, trimmed; null when it is empty or too long. */
export function operatorReason(reason: unknown): string | null {
  const text = typeof reason === 'string' ? reason.trim() : '';
  return text.length >= 1 && text.length <= OPERATOR_REASON_MAX ? text : null;
}

/**
 * The most an operator's ruling may give a claimant: never more than the claim; for an owner's claim,
 * also no more than the deposit still held after the owner's other accepted claims (none held: 0).
 */
export function claimRulingLimit(claim: {
  byRole: 'owner' | 'renter';
  amountPence: number;
  /** The deposit held now, or null when none is held. */
  heldPence: number | null;
  /** What the owner's other claims on the rental already took from it. */
  acceptedByOwnerPence: number;
}): number {
  if (claim.byRole === 'renter') return claim.amountPence;
  if (claim.heldPence === null) return 0;
  return Math.max(0, Math.min(claim.amountPence, claim.heldPence - claim.acceptedByOwnerPence));
}

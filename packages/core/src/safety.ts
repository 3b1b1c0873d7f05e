/** Reports and blocks: the reasons, limits and words the API and the web app share (issue 45). */

/** What can be reported. */
export const REPORT_KINDS = ['item', 'member', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The reasons offered, in the order the dialog lists them; the code is what is stored. */
export const REPORT_REASONS = [
  { code: 'misleading', label: 'Not a real item / misleading' },
  { code: 'prohibited', label: 'Prohibited or unsafe item' },
  { code: 'offensive', label: 'Offensive content' },
  { code: 'scam', label: 'Scam or asking to pay outside Toolshed' },
  { code: 'harassment', label: 'Harassment' },
  { code: 'other', label: 'Something else' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['code'];

export const isReportReason = (value: string): value is ReportReason => REPORT_REASONS.some((r) => r.code === value);

/** The most characters of the reporter's own words. */
export const MAX_REPORT_DETAILS = 1000;

/** Different members whose open reports of a listing hide it from browsing until an operator looks. */
export const REPORTS_TO_HIDE_LISTING = 3;

export const REPORT_RECEIVED_MESSAGE = "Thanks, we've received your report.";
export const REPORT_ALREADY_RECEIVED_MESSAGE = "You've already reported this. Thanks, we've received your report.";
export const REPORT_REASON_MESSAGE = 'Choose a reason for your report.';
export const REPORT_DETAILS_MESSAGE = `Your words can be at most ${MAX_REPORT_DETAILS.toLocaleString('en-GB')} characters.`;
/** A report's own fields, checked alike by the dialog and the API: a listed reason, words within the limit. */
export function reportProblems(input: { reason: string; details?: string }): { reason?: string; details?: string } {
  const problems: { reason?: string; details?: string } = {};
  if (!isReportReason(input.reason)) problems.reason = REPORT_REASON_MESSAGE;
  if ((input.details?.trim() ?? '').length > MAX_REPORT_DETAILS) problems.details = REPORT_DETAILS_MESSAGE;
  return problems;
}

export const REPORT_YOURSELF_MESSAGE = "You can't report yourself.";
export const REPORT_OWN_ITEM_MESSAGE = "You can't report your own listing.";
export const REPORT_OWN_MESSAGE_MESSAGE = "You can't report your own message.";

/** Refusals between two members when either blocked the other: they never say who blocked whom. */
export const BLOCKED_MESSAGE_REFUSAL = "You can't message this member.";
export const BLOCKED_BOOKING_REFUSAL = "You can't book this member's items.";
export const BLOCKED_ACCEPT_REFUSAL = "You can't accept this member's request. You can decline it.";
export const BLOCK_YOURSELF_MESSAGE = "You can't block yourself.";
export const NOT_BLOCKED_MESSAGE = "You haven't blocked this member.";

/** What a member's listing says on My Items while it is hidden for review. */
export const UNDER_REVIEW_NOTE = 'Under review: hidden from browsing and search until our team has looked at reports about it.';

/** What the block's confirmation says it does. */
export const blockExplanation = (name: string): string =>
  `Neither of you will be able to message the other or book the other's items, and you won't see each other's listings. ${name} won't be told. You can unblock them from their page or your profile.`;

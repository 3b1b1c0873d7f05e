import { addDays, type IsoDate } from './dates.ts';
import { londonTimeToInstant } from './london-time.ts';

/**
 * Cancellation policies: each item's owner picks one, and a booking keeps the policy its item had when
 * it was booked. A policy is a list of deadlines before the start, each with the share of what the
 * renter paid (the line and its share of the service fee) that a renter's cancellation before it gets
 * back, and the share after the last deadline until the start. An owner's cancellation, or Toolshed's,
 * always gives everything back.
 *
 * The start is 00:00 London time on the start day. A deadline 'N days before' is 00:00 London time N
 * calendar days earlier, so every deadline is a midnight and never a wall time that a clock change
 * skips or repeats: Flexible's '24 hours before' is 23 hours long when the clocks go forward that
 * night and 25 when they go back (decision 037).
 */
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
/** Items listed before policies existed, and items whose owner chooses none, are Flexible: the closest to the earlier rule. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'flexible';

interface PolicyRule {
  label: string;
  /** One line for the item form and the item page. */
  summary: string;
  /** Deadlines, earliest first: cancelling before `daysBefore` days before the start refunds `refundPercent`. */
  steps: ReadonlyArray<{ daysBefore: number; refundPercent: number }>;
  /** What cancelling after the last deadline, before the start, refunds. */
  lastPercent: number;
}

export const CANCELLATION_POLICY_RULES: Readonly<Record<CancellationPolicy, PolicyRule>> = {
  flexible: {
    label: 'Flexible',
    summary: 'Full refund if the renter cancels until 24 hours before the start; half refunded after that.',
    steps: [{ daysBefore: 1, refundPercent: 100 }],
    lastPercent: 50,
  },
  moderate: {
    label: 'Moderate',
    summary: 'Full refund if the renter cancels until 5 days before the start; half refunded after that.',
    steps: [{ daysBefore: 5, refundPercent: 100 }],
    lastPercent: 50,
  },
  strict: {
    label: 'Strict',
    summary: 'Half refunded if the renter cancels until 7 days before the start; no refund after that.',
    steps: [{ daysBefore: 7, refundPercent: 50 }],
    lastPercent: 0,
  },
};

export function isCancellationPolicy(value: unknown): value is CancellationPolicy {
  return typeof value === 'string' && (CANCELLATION_POLICIES as readonly string[]).includes(value);
}

/** When a rental starts: 00:00 London time on its start date. */
export function rentalStartsAt(startDate: IsoDate): Date {
  return londonTimeToInstant(startDate, '00:00');
}

/** One step of a policy for one booking: cancelling before `endsAt` (and after the step before) refunds `refundPercent`. */
export interface RefundStep {
  endsAt: Date;
  refundPercent: number;
}

/** The steps of `policy` for a rental starting on `startDate`, earliest first; the last ends at the start. */
export function refundSchedule(policy: CancellationPolicy, startDate: IsoDate): RefundStep[] {
  const rule = CANCELLATION_POLICY_RULES[policy];
  return [
    ...rule.steps.map((s) => ({ endsAt: londonTimeToInstant(addDays(startDate, -s.daysBefore), '00:00'), refundPercent: s.refundPercent })),
    { endsAt: rentalStartsAt(startDate), refundPercent: rule.lastPercent },
  ];
}

/**
 * The share (percent) of what was paid that a renter's cancellation at `at` gets back. A deadline
 * belongs to the step after it: cancelling at exactly 00:00 is already past a deadline of 00:00. From
 * the start on the lifecycle refuses a cancellation; this answers the last step's share.
 */
export function refundPercentAt(policy: CancellationPolicy, startDate: IsoDate, at: Date): number {
  const steps = refundSchedule(policy, startDate);
  return (steps.find((s) => at.getTime() < s.endsAt.getTime()) ?? steps[steps.length - 1]!).refundPercent;
}

/** What of `amountPence` the refund keeps back at `refundPercent`: rounded down, so a half pence goes to the renter. */
export function keptPence(amountPence: number, refundPercent: number): number {
  return Math.floor((amountPence * (100 - refundPercent)) / 100);
}

/** What of `amountPence` goes back at `refundPercent`. */
export function refundedPence(amountPence: number, refundPercent: number): number {
  return amountPence - keptPence(amountPence, refundPercent);
}

/**
 * What a renter's cancellation at `at` gives back of a line and its fee share under `policy`: the same
 * share of each, as the cancellation posting takes them apart. The cancel dialog says it beforehand.
 */
export function renterRefundAt(
  terms: { policy: CancellationPolicy; startDate: IsoDate; linePence: number; feePence: number },
  at: Date,
): { percent: number; refundPence: number } {
  const percent = refundPercentAt(terms.policy, terms.startDate, at);
  return { percent, refundPence: refundedPence(terms.linePence, percent) + refundedPence(Math.max(0, terms.feePence), percent) };
}

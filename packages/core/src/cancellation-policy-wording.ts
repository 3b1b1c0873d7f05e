import { formatRequestDeadline } from './calendar-terms.ts';
import { CANCELLATION_POLICY_RULES, refundSchedule, type CancellationPolicy } from './cancellation-policy.ts';
import type { IsoDate } from './dates.ts';
import { formatPence as format } from './money.ts';

const SHARE_WORDS: Record<number, string> = { 100: 'full refund', 50: 'half refunded', 0: 'no refund' };
const shareWords = (percent: number) => SHARE_WORDS[percent] ?? `${percent}% refunded`;

/**
 * The policy of a booking step by step, with the exact London time each step ends, as the popup, the
 * wheelbarrow, checkout, the receipt and the rental show it: 'Cancel before 00:00 on 23 Mar 2026:
 * full refund.', then 'From then until the start (00:00 on 28 Mar 2026): half refunded.' Steps already
 * over at `now` are left out.
 */
export function refundScheduleLines(policy: CancellationPolicy, startDate: IsoDate, now?: Date): string[] {
  const steps = refundSchedule(policy, startDate);
  const start = steps[steps.length - 1]!;
  const open = steps.filter((s) => !now || now.getTime() < s.endsAt.getTime());
  return open.map((s, i) => {
    const what = shareWords(s.refundPercent);
    if (s === start) {
      const when = `until the start (${formatRequestDeadline(s.endsAt)})`;
      return i === 0 ? `Cancel ${when}: ${what}.` : `From then ${when}: ${what}.`;
    }
    return `Cancel before ${formatRequestDeadline(s.endsAt)}: ${what}.`;
  });
}

/** 'Strict cancellation policy (times are London time)', the heading above the lines. */
export function policyHeading(policy: CancellationPolicy): string {
  return `${CANCELLATION_POLICY_RULES[policy].label} cancellation policy (times are London time)`;
}

/** What the renter would get back by cancelling now, for the cancel dialog: 'You get back £8.80 of the £17.60 you paid (half, under the Strict policy).' */
export function refundNowSentence(policy: CancellationPolicy, refundPercent: number, refundPence: number, paidPence: number): string {
  const label = CANCELLATION_POLICY_RULES[policy].label;
  if (refundPercent === 100) return `You get back all ${format(paidPence)} you paid (the ${label} policy gives a full refund now).`;
  if (refundPence === 0) return `Under the ${label} policy nothing of the ${format(paidPence)} you paid is refunded if you cancel now.`;
  return `You get back ${format(refundPence)} of the ${format(paidPence)} you paid (${shareWords(refundPercent)} under the ${label} policy).`;
}

/**
 * Who a booking's cancellation counts against the renter for: the renter who cancelled it, or
 * Toolshed cancelling it as the renter's own cancellation (the deposit could not be held in time).
 */
export type RenterCancellation = { by: 'renter'; renterName: string } | { by: 'deposit-deadline'; refundPercent: number };

/**
 * What the owner is told the booking's policy leaves them and the renter, when the cancellation counts
 * as the renter's (`keptPence` the owner's kept share of the line; `refundPence` the renter's refund,
 * fee share included). The renter's own: 'Under the Strict policy you keep £8.00 and Rita gets £8.80
 * back.' At the deposit deadline: 'It counts as the renter's cancellation under your Strict policy: you
 * keep £8.00 of your earnings for it, and the renter gets £8.80 back (50%).'
 */
export function ownerKeepsSentence(
  cancelled: RenterCancellation,
  policy: CancellationPolicy,
  keptPence: number,
  refundPence: number,
): string {
  const label = CANCELLATION_POLICY_RULES[policy].label;
  if (cancelled.by === 'deposit-deadline')
    return `It counts as the renter's cancellation under your ${label} policy: you keep ${format(keptPence)} of your earnings for it, and the renter gets ${format(refundPence)} back (${cancelled.refundPercent}%).`;
  const { renterName } = cancelled;
  if (keptPence === 0) return `Under the ${label} policy ${renterName} gets everything back (${format(refundPence)}), so you keep nothing.`;
  if (refundPence === 0) return `Under the ${label} policy you keep ${format(keptPence)} and ${renterName} gets nothing back.`;
  return `Under the ${label} policy you keep ${format(keptPence)} and ${renterName} gets ${format(refundPence)} back.`;
}

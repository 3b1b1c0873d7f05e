import { CANCELLATION_POLICY_RULES, formatPence, ownerKeepsSentence, refundSentences } from '@toolshed/core';
import type { EventOf } from '../../platform/events/domain-events.ts';
import type { RentalContext } from './notification-repository.ts';
import { dates, forOwner, forRenter, type Subscribers } from './notice-audience.ts';

type Cancelled = EventOf<'rental.cancelled'>;
type CancelledBase = { kind: 'rental.cancelled'; eventKey: string; link: string };

/** A request that ended before it was booked: withdrawn, declined (by the owner or Toolshed) or expired. Nothing was charged. */
export async function requestEndedNotices(
  d: Subscribers,
  e: Cancelled,
  r: RentalContext,
  base: CancelledBase,
  reason: string,
): Promise<void> {
  if (e.by === 'renter') {
    // A request withdrawn by its renter: the owner hears that its dates are free again.
    await d.notifier.send({
      ...forOwner(r),
      ...base,
      title: `Request withdrawn: ${r.itemName}`,
      body: `${r.renterName} withdrew the request for your ${r.itemName} from ${dates(r)}; its dates are free again. Nothing was charged.`,
    });
    return;
  }
  if (e.by === 'system' && e.requestStatus === 'declined') {
    // A request Toolshed closed (one of the parties was suspended): both sides hear why.
    const title = `Request cancelled: ${r.itemName}`;
    const ownerBody = `Toolshed cancelled the request for your ${r.itemName} from ${dates(r)}.${reason} Its dates are free again.`;
    await d.notifier.send({ ...forOwner(r), ...base, title, body: ownerBody });
    await d.notifier.send({
      ...forRenter(r),
      ...base,
      title,
      body: `Toolshed cancelled your request for ${r.itemName} from ${dates(r)}.${reason} Nothing was charged.`,
    });
    return;
  }
  // A request declined or expired: nothing was charged, and both sides hear how it ended.
  const declined = e.by === 'owner';
  if (!declined)
    await d.notifier.send({
      ...forOwner(r),
      ...base,
      title: `Request expired: ${r.itemName}`,
      body: `The request for your ${r.itemName} from ${dates(r)} expired unanswered; its dates are free again.`,
    });
  await d.notifier.send({
    ...forRenter(r),
    ...base,
    title: declined ? `Request declined: ${r.itemName}` : `Request expired: ${r.itemName}`,
    body: `${declined ? `${r.ownerName} declined your request` : 'Your request expired'} for ${r.itemName} from ${dates(r)}.${reason} Nothing was charged.`,
  });
}

/**
 * What the owner is told the policy leaves them when the cancellation counts as the renter's: the
 * renter cancelled, or Toolshed cancelled it as theirs (their deposit could not be held).
 */
async function ownerKeepsPart(d: Subscribers, e: Cancelled, r: RentalContext): Promise<string> {
  const money = e.by === 'renter' ? await d.repo.cancellationMoney(d.db, r.id) : undefined;
  const kept = money
    ? ` ${ownerKeepsSentence({ by: 'renter', renterName: r.renterName }, money.policy, money.ownerKeptPence, money.refundPence)}`
    : '';
  const policy = e.underPolicy;
  const deadline = policy
    ? ` ${ownerKeepsSentence({ by: 'deposit-deadline', refundPercent: policy.refundPercent }, policy.policy, policy.ownerKeptPence, e.refundPence)}`
    : '';
  return `${kept}${deadline}`;
}

/** What the renter is told when Toolshed cancelled as their own cancellation (their deposit could not be held). */
function renterTermsPart(e: Cancelled): string {
  const policy = e.underPolicy;
  if (!policy) return '';
  const label = CANCELLATION_POLICY_RULES[policy.policy].label;
  const back =
    policy.refundPercent > 0
      ? `${formatPence(e.refundPence)} (${policy.refundPercent}% of what you paid) comes back to you`
      : 'nothing of what you paid comes back';
  return ` It counts as your cancellation now under the item's ${label} policy: ${back}, and the owner keeps ${formatPence(policy.ownerKeptPence)}.`;
}

/** A booking cancelled: both sides are told, whoever cancelled; the renter hears where the money went. */
export async function bookingCancelledNotices(
  d: Subscribers,
  e: Cancelled,
  r: RentalContext,
  base: CancelledBase,
  reason: string,
): Promise<void> {
  const refunded = e.refundPence > 0 ? refundSentences(await d.repo.refundParts(d.db, r.id)) : '';
  const refund = refunded ? ` ${refunded}` : '';
  const ownerKeeps = await ownerKeepsPart(d, e, r);
  await d.notifier.send({
    ...forOwner(r),
    ...base,
    title: e.by === 'owner' ? `You declined: ${r.itemName}` : `Booking cancelled: ${r.itemName}`,
    body:
      e.by === 'owner'
        ? `You declined the booking of your ${r.itemName} by ${r.renterName} from ${dates(r)}.${reason} Its dates are free again; the renter gets everything they paid back.`
        : `${e.by === 'renter' ? r.renterName : 'Toolshed'} cancelled the booking of your ${r.itemName} from ${dates(r)}.${reason}${ownerKeeps}`,
  });
  await d.notifier.send({
    ...forRenter(r),
    ...base,
    title: `Rental cancelled: ${r.itemName}`,
    body:
      e.by === 'renter'
        ? `You cancelled your rental of ${r.itemName} from ${dates(r)}.${refund}`
        : `${e.by === 'owner' ? r.ownerName : 'Toolshed'} cancelled your rental of ${r.itemName} from ${dates(r)}.${reason}${renterTermsPart(e)}${refund}`,
  });
}

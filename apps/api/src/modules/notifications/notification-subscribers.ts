import { asSentence, CANCELLATION_POLICY_RULES, formatDate, formatPence, ownerKeepsSentence, refundSentences } from '@toolshed/core';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { Db } from '../../db/database.ts';
import type { Notifier } from './notifier.ts';
import type { NotificationRepository, RentalContext } from './notification-repository.ts';
import { capturedPart, receiptEventKey, receiptNotice } from './order-receipt.ts';
import { extensionReceiptKey, extensionReceiptNotice, paidExtension } from './extension-receipt.ts';

export const itemGroup = (itemId: string) => `item:${itemId}`;
export const rentalGroup = (rentalId: string) => `rental:${rentalId}`;

const dates = (r: RentalContext) => `${formatDate(r.startDate)} to ${formatDate(r.endDate)}`;

/** The owner's notices group under the item (My Items); the renter's under the rental (My Rentals). */
export const forOwner = (r: RentalContext) => ({
  userId: r.ownerId,
  tab: 'items' as const,
  groupKey: itemGroup(r.itemId),
  itemId: r.itemId,
  rentalId: r.id,
});
export const forRenter = (r: RentalContext) => ({
  userId: r.renterId,
  tab: 'rentals' as const,
  groupKey: rentalGroup(r.id),
  itemId: r.itemId,
  rentalId: r.id,
});

/** Turns each domain event into notices for the people it concerns: one per event and person. */
export function subscribeNotifications(events: EventBus, db: Db, repo: NotificationRepository, notifier: Notifier): void {
  const S = 'notifications';
  const rental = async (id: string) => {
    const found = await repo.rental(db, id);
    // A rental that is not there (yet) is retried by the queue rather than silently dropped.
    if (!found) throw new Error(`rental ${id} not found`);
    return found;
  };

  events.subscribe('rental.booked', S, async (e) => {
    const r = await rental(e.rentalId);
    await notifier.send({
      ...forOwner(r),
      kind: 'rental.booked',
      eventKey: `rental.booked:${r.id}`,
      title: `New booking: ${r.itemName}`,
      body: `${r.renterName} booked your ${r.itemName} from ${dates(r)} (${formatPence(r.totalPence)}).`,
      link: `/item/${r.itemId}/messages?with=${encodeURIComponent(r.renterId)}`,
    });
  });

  events.subscribe('rental.cancelled', S, async (e) => {
    const r = await rental(e.rentalId);
    const base = { kind: 'rental.cancelled' as const, eventKey: `rental.cancelled:${r.id}`, link: `/rentals/${r.id}` };
    const reason = e.reason ? ` Reason: ${asSentence(e.reason)}` : '';
    if (e.request && e.by === 'renter') {
      // A request withdrawn by its renter: the owner hears that its dates are free again.
      await notifier.send({
        ...forOwner(r),
        ...base,
        title: `Request withdrawn: ${r.itemName}`,
        body: `${r.renterName} withdrew the request for your ${r.itemName} from ${dates(r)}; its dates are free again. Nothing was charged.`,
      });
      return;
    }
    if (e.request && e.by === 'system' && e.requestStatus === 'declined') {
      // A request Toolshed closed (one of the parties was suspended): both sides hear why.
      await notifier.send({
        ...forOwner(r),
        ...base,
        title: `Request cancelled: ${r.itemName}`,
        body: `Toolshed cancelled the request for your ${r.itemName} from ${dates(r)}.${reason} Its dates are free again.`,
      });
      await notifier.send({
        ...forRenter(r),
        ...base,
        title: `Request cancelled: ${r.itemName}`,
        body: `Toolshed cancelled your request for ${r.itemName} from ${dates(r)}.${reason} Nothing was charged.`,
      });
      return;
    }
    if (e.request) {
      // A request declined or expired: nothing was charged, and both sides hear how it ended.
      const declined = e.by === 'owner';
      if (!declined)
        await notifier.send({
          ...forOwner(r),
          ...base,
          title: `Request expired: ${r.itemName}`,
          body: `The request for your ${r.itemName} from ${dates(r)} expired unanswered; its dates are free again.`,
        });
      await notifier.send({
        ...forRenter(r),
        ...base,
        title: declined ? `Request declined: ${r.itemName}` : `Request expired: ${r.itemName}`,
        body: `${declined ? `${r.ownerName} declined your request` : 'Your request expired'} for ${r.itemName} from ${dates(r)}.${reason} Nothing was charged.`,
      });
      return;
    }
    // A booking cancelled: both sides are told, whoever cancelled; the renter hears where the money went.
    const refunded = e.refundPence > 0 ? refundSentences(await repo.refundParts(db, r.id)) : '';
    const refund = refunded ? ` ${refunded}` : '';
    // A renter's cancellation tells the owner what the booking's policy leaves them and the renter.
    const money = e.by === 'renter' ? await repo.cancellationMoney(db, r.id) : undefined;
    const kept = money ? ` ${ownerKeepsSentence(money.policy, r.renterName, money.ownerKeptPence, money.refundPence)}` : '';
    // Cancelled by Toolshed as the renter's own cancellation (their deposit could not be held): each side hears the policy's amounts.
    const policy = e.underPolicy;
    const label = policy ? CANCELLATION_POLICY_RULES[policy.policy].label : '';
    const ownerTerms = policy
      ? ` It counts as the renter's cancellation under your ${label} policy: you keep ${formatPence(policy.ownerKeptPence)} of your earnings for it, and the renter gets ${formatPence(e.refundPence)} back (${policy.refundPercent}%).`
      : '';
    const renterTerms = policy
      ? ` It counts as your cancellation now under the item's ${label} policy: ${policy.refundPercent > 0 ? `${formatPence(e.refundPence)} (${policy.refundPercent}% of what you paid) comes back to you` : 'nothing of what you paid comes back'}, and the owner keeps ${formatPence(policy.ownerKeptPence)}.`
      : '';
    await notifier.send({
      ...forOwner(r),
      ...base,
      title: e.by === 'owner' ? `You declined: ${r.itemName}` : `Booking cancelled: ${r.itemName}`,
      body:
        e.by === 'owner'
          ? `You declined the booking of your ${r.itemName} by ${r.renterName} from ${dates(r)}.${reason} Its dates are free again; the renter gets everything they paid back.`
          : `${e.by === 'renter' ? r.renterName : 'Toolshed'} cancelled the booking of your ${r.itemName} from ${dates(r)}.${reason}${kept}${ownerTerms}`,
    });
    await notifier.send({
      ...forRenter(r),
      ...base,
      title: `Rental cancelled: ${r.itemName}`,
      body:
        e.by === 'renter'
          ? `You cancelled your rental of ${r.itemName} from ${dates(r)}.${refund}`
          : `${e.by === 'owner' ? r.ownerName : 'Toolshed'} cancelled your rental of ${r.itemName} from ${dates(r)}.${reason}${renterTerms}${refund}`,
    });
  });

  // A refund to the card the processor refused for good: the money went to the renter's balance instead.
  events.subscribe('card_refund.failed', S, async (e) => {
    const r = await rental(e.rentalId);
    await notifier.send({
      ...forRenter(r),
      kind: 'rental.cancelled',
      eventKey: `card_refund.failed:${e.refundId}`,
      title: `Refund to your card failed: ${r.itemName}`,
      body: `The refund of ${formatPence(e.amountPence)} for ${r.itemName} could not be made to your card, so it was added to your Toolshed balance. You can spend it at checkout or withdraw it from the Balance tab of your profile.`,
      link: `/rentals/${r.id}`,
    });
  });

  events.subscribe('rental.returned', S, async (e) => {
    const r = await rental(e.rentalId);
    await notifier.send({
      ...forRenter(r),
      kind: 'rental.returned',
      eventKey: `rental.returned:${r.id}`,
      title: `Returned: ${r.itemName}`,
      body: `${r.ownerName} marked ${r.itemName} as returned. Thank you! You can now review the rental.`,
      link: `/rentals/${r.id}`,
    });
  });

  events.subscribe('review.published', S, async (e) => {
    const r = await rental(e.rentalId);
    const toOwner = e.revieweeId === r.ownerId;
    const reviewer = toOwner ? r.renterName : r.ownerName;
    await notifier.send({
      ...(toOwner ? forOwner(r) : forRenter(r)),
      userId: e.revieweeId,
      kind: 'review.received',
      eventKey: `review.received:${e.reviewId}`,
      title: `New review from ${reviewer}`,
      body: `${reviewer} reviewed you for the rental of ${r.itemName} (${dates(r)}).`,
      link: '/profile?tab=reviews',
    });
  });

  // message.sent: message-notices.ts (its notices follow the conversation's read state; its emails are batched).

  events.subscribe('payout.paid', S, async (e) => {
    await notifier.send({
      userId: e.userId,
      tab: 'items',
      groupKey: 'account',
      kind: 'payout.paid',
      eventKey: `payout.paid:${e.withdrawalId}`,
      title: `Withdrawal paid: ${formatPence(e.amountPence)}`,
      body: `Your withdrawal of ${formatPence(e.amountPence)} has been paid.`,
      link: '/profile?tab=balance',
    });
  });

  events.subscribe('payout.failed', S, async (e) => {
    await notifier.send({
      userId: e.userId,
      tab: 'items',
      groupKey: 'account',
      kind: 'payout.failed',
      eventKey: `payout.failed:${e.withdrawalId}`,
      title: `Withdrawal failed: ${formatPence(e.amountPence)}`,
      body: `Your withdrawal of ${formatPence(e.amountPence)} could not be paid: ${asSentence(e.reason)} See your balance for details.`,
      link: '/profile?tab=balance',
    });
  });

  events.subscribe('payout.returned', S, async (e) => {
    await notifier.send({
      userId: e.userId,
      tab: 'items',
      groupKey: 'account',
      kind: 'payout.returned',
      eventKey: `payout.returned:${e.withdrawalId}`,
      title: `Withdrawal returned: ${formatPence(e.amountPence)}`,
      body: `Your withdrawal of ${formatPence(e.amountPence)} was sent back by your bank and is in your Toolshed balance again. ${asSentence(e.reason)}`,
      link: '/profile?tab=balance',
    });
  });

  // The renter's receipt, once the money is taken (not at booking: a capture that fails for good
  // cancels the order). Its email is the receipt, sent whatever the preferences (notification-kinds.ts).
  // A receipt covers what that capture took: the instant lines here (none for an order of requests
  // only), each request line when its owner accepts (below); never a line not yet charged.
  events.subscribe('payment.captured', S, async (e) => {
    const order = await repo.order(db, e.paymentId);
    if (!order) throw new Error(`payment ${e.paymentId} not found`);
    const part = capturedPart(order, null);
    if (!part) return;
    await notifier.send({
      userId: e.renterId,
      tab: 'rentals',
      groupKey: 'account',
      kind: 'order.paid',
      eventKey: receiptEventKey(e.paymentId),
      ...receiptNotice(part),
    });
  });

  events.subscribe('rental.request_accepted', `${S}.receipt`, async (e) => {
    const paymentId = await repo.paymentOfRental(db, e.rentalId);
    const order = paymentId ? await repo.order(db, paymentId) : undefined;
    const part = order ? capturedPart(order, e.rentalId) : null;
    if (!part) return;
    await notifier.send({
      userId: e.renterId,
      tab: 'rentals',
      groupKey: 'account',
      kind: 'order.paid',
      eventKey: receiptEventKey(paymentId!, e.rentalId),
      ...receiptNotice(part),
    });
  });

  // An extension's receipt when it is charged: an instant item's when the renter extends, a request
  // item's when its owner accepts (the only two producers of `rental.extended`); keyed by the
  // extension, so a retried or repeated event sends nothing more. One that moved no money has none.
  events.subscribe('rental.extended', `${S}.receipt`, async (e) => {
    // An event stored before extensions were named in it has no receipt to send.
    if (!e.extensionId) return;
    const extension = await paidExtension(db, repo, e.extensionId);
    if (!extension || extension.linePence + extension.feePence === 0) return;
    const r = await rental(e.rentalId);
    await notifier.send({
      ...forRenter(r),
      kind: 'extension.paid',
      eventKey: extensionReceiptKey(extension.id),
      ...extensionReceiptNotice(extension),
    });
  });

  events.subscribe('payment.capture_failed', S, async (e) => {
    await notifier.send({
      userId: e.renterId,
      tab: 'rentals',
      groupKey: 'account',
      kind: 'payment.capture_failed',
      eventKey: `payment.capture_failed:${e.paymentId}`,
      title: 'Payment for your booking failed',
      body: 'We could not take the payment for your booking, so it was cancelled and nothing was charged. Please book again with another card.',
      link: '/my-rentals',
    });
  });
}

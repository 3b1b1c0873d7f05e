import { asSentence, formatPence } from '@toolshed/core';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { Db } from '../../db/database.ts';
import type { Notifier } from './notifier.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { bookingCancelledNotices, requestEndedNotices } from './cancellation-notices.ts';
import { dates, forOwner, forRenter, type Subscribers } from './notice-audience.ts';
import { capturedPart, receiptEventKey, receiptNotice } from './order-receipt.ts';
import { extensionReceiptKey, extensionReceiptNotice, paidExtension } from './extension-receipt.ts';

const S = 'notifications';

function subscribeRentalNotices(d: Subscribers): void {
  const { events, notifier, rental } = d;
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
    await (e.request ? requestEndedNotices : bookingCancelledNotices)(d, e, r, base, reason);
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
}

function subscribePayoutNotices(d: Subscribers): void {
  const { events, notifier } = d;
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
}

function subscribeReceiptNotices(d: Subscribers): void {
  const { events, db, repo, notifier, rental } = d;
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

/** Turns each domain event into notices for the people it concerns: one per event and person. */
export function subscribeNotifications(events: EventBus, db: Db, repo: NotificationRepository, notifier: Notifier): void {
  const rental = async (id: string) => {
    const found = await repo.rental(db, id);
    // A rental that is not there (yet) is retried by the queue rather than silently dropped.
    if (!found) throw new Error(`rental ${id} not found`);
    return found;
  };
  const d: Subscribers = { events, db, repo, notifier, rental };
  subscribeRentalNotices(d);
  // message.sent: message-notices.ts (its notices follow the conversation's read state; its emails are batched).
  subscribePayoutNotices(d);
  subscribeReceiptNotices(d);
}

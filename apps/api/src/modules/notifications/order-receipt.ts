import {
  cardEnding,
  chargedAndHeldText,
  compareDates,
  daysInclusive,
  feeShares,
  formatDate,
  formatLinePrice,
  formatPence,
  lastCancellableDay,
  paidWithText,
  todayInLondon,
  transitionRefusal,
  type IsoDate,
} from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { contactPhone } from '../profile/phone-number.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import type { NotificationRepository, OrderContext, OrderLine } from './notification-repository.ts';
import type { EmailRenderer } from './notifier.ts';

/**
 * The renter's receipt for a paid order: an in-app notice (kind `order.paid`) when the payment is
 * captured, whose email is the receipt below instead of the notice's title and body.
 */

const KEY_PREFIX = 'order.paid:';
/** One receipt per capture: the checkout's (its instant lines) and each accepted request line's (the notice's event key names it). */
export const receiptEventKey = (paymentId: string, rentalId?: string) => `${KEY_PREFIX}${paymentId}${rentalId ? `:${rentalId}` : ''}`;
function keyParts(eventKey: string | null): { paymentId: string; rentalId: string | null } | null {
  if (!eventKey?.startsWith(KEY_PREFIX)) return null;
  const [paymentId, rentalId] = eventKey.slice(KEY_PREFIX.length).split(':');
  return paymentId ? { paymentId, rentalId: rentalId ?? null } : null;
}

/**
 * What one capture took, as its receipt shows it: at checkout (`rentalId` null) the lines booked
 * instantly with their fee shares; on acceptance the one request line. Null when that capture took
 * nothing (an order of requests only captures nothing at checkout), so no receipt is sent for it.
 */
export function capturedPart(order: OrderContext, rentalId: string | null): OrderContext | null {
  const shares = feeShares(
    order.serviceFeePence,
    order.lines.map((l) => l.totalPence),
  );
  const lines = order.lines
    .map((l, i) => ({ ...l, feeSharePence: shares[i] ?? 0 }))
    .filter((l) => (rentalId === null ? l.requestStatus === null : l.rentalId === rentalId && l.requestStatus === 'accepted'));
  if (lines.length === 0) return null;
  const subtotalPence = lines.reduce((sum, l) => sum + l.totalPence, 0);
  const amountPence =
    rentalId === null
      ? subtotalPence + lines.reduce((sum, l) => sum + l.feeSharePence, 0)
      : (lines[0]!.requestAmountPence ?? subtotalPence + lines[0]!.feeSharePence);
  return {
    ...order,
    lines,
    subtotalPence,
    serviceFeePence: amountPence - subtotalPence,
    amountPence,
    // The balance pays only what checkout charges; an accepted request is its own card's capture.
    balancePence: rentalId === null ? Math.min(order.balancePence, amountPence) : 0,
    acceptedRequest: rentalId !== null,
  };
}

/** The order page: what was booked and what was charged. */
export const orderPath = (paymentId: string) => `/payment-success?order=${encodeURIComponent(paymentId)}`;
const RENTALS_PATH = '/my-rentals';

/** 'Paid by Visa ending 4242', or with what the Toolshed balance paid (core `paidWithText`). */
export const paidWith = (order: Pick<OrderContext, 'amountPence' | 'balancePence' | 'brand' | 'last4'>) =>
  paidWithText({ amountPence: order.amountPence, balancePence: order.balancePence, card: { brand: order.brand, last4: order.last4 } });

/** The payment in the notice's brackets: 'Visa ending 4242', 'from your Toolshed balance', or both parts. */
function how(order: OrderContext): string {
  if (order.balancePence <= 0) return cardEnding({ brand: order.brand, last4: order.last4 });
  return paidWith(order).replace(/^Paid /, '');
}

function listNames(names: string[]): string {
  const shown = names.length > 3 ? [...names.slice(0, 3), `${names.length - 3} more`] : names;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** The in-app notice of a paid order. */
export function receiptNotice(order: OrderContext): { title: string; body: string; link: string } {
  const total = formatPence(order.amountPence);
  const names = listNames(sortedLines(order).map((l) => l.itemName));
  return {
    title: `Order paid: ${total}`,
    body: `You paid ${total} (${how(order)}) for ${names}. We have emailed you the receipt, with the pick-up details and cancellation terms.`,
    link: orderPath(order.id),
  };
}

interface ReceiptLine extends OrderLine {
  days: number;
  /** What cancelling gives back to the balance: the line total and its share of the service fee. */
  refundPence: number;
}

/** The lines as people read them (by item, then dates), each with its refund (fee shares follow rental ids). */
function sortedLines(order: OrderContext): ReceiptLine[] {
  const shares = feeShares(
    order.serviceFeePence,
    order.lines.map((l) => l.totalPence),
  );
  return order.lines
    .map((l, i) => ({ ...l, days: daysInclusive(l.startDate, l.endDate), refundPence: l.totalPence + (l.feeSharePence ?? shares[i] ?? 0) }))
    .sort((a, b) => a.itemName.localeCompare(b.itemName, 'en-GB') || compareDates(a.startDate, b.startDate));
}

const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * "4 days £50.00", or "1 week £40.00 + 2 days £16.00 = £56.00": the line explained by the one
 * breakdown in core (an older rental without its rates: its days and total).
 */
function linePrice(l: ReceiptLine): string {
  if (l.dailyRatePence === null) return `${daysText(l.days)}: ${formatPence(l.totalPence)}`;
  const parts = formatLinePrice(l.dailyRatePence, l.days, l.weeklyRatePence);
  return parts.includes(' + ') ? `${parts} = ${formatPence(l.totalPence)}` : parts;
}

/** The rule of rental-lifecycle.ts in words: the renter cancels while the rental is upcoming. */
export const CANCELLATION_TERMS =
  'You can cancel a rental in My Rentals until the day before its start date; its price and its share of the service fee then go back to the card you paid with (what you paid from your Toolshed balance goes back to the balance). From its start date a rental can no longer be cancelled. If an owner declines a booking before it starts, you get the same refund.';

/** This line's terms today: until when it can be cancelled and for how much, or why it cannot. */
function lineCancellation(l: ReceiptLine, today: IsoDate): string {
  const refusal = transitionRefusal(
    'cancel_by_renter',
    { startDate: l.startDate, endDate: l.endDate, returned: l.returned, cancelled: l.cancelled },
    'renter',
    today,
  );
  if (refusal) return refusal;
  return `Cancel by ${formatDate(lastCancellableDay(l.startDate))} for a refund of ${formatPence(l.refundPence)} to the card you paid with.`;
}

/** The full address and the owner's contact, as the rental page shows them to a renter with a booking. */
function pickup(l: ReceiptLine): { address: string; contact: string } | null {
  // A cancelled booking gives the address and contact back, as on the rental page.
  if (l.cancelled) return null;
  const address = [l.address, l.city, l.postcode].filter((part) => part && part.trim()).join(', ');
  return {
    address: address || 'Ask the owner for the address.',
    contact: [l.ownerName, l.ownerEmail, contactPhone(l.ownerPhone)].filter((part): part is string => Boolean(part)).join(', '),
  };
}

/** The deposits held beside this receipt's charge: "£81.40 charged and £50.00 held, released after ...". */
function held(order: OrderContext): string[] {
  const depositPence = order.lines.reduce((sum, l) => sum + l.depositPence, 0);
  return depositPence > 0 ? [`${chargedAndHeldText(order.amountPence, depositPence)}.`] : [];
}

const intro = (order: OrderContext) =>
  order.acceptedRequest
    ? 'The owner accepted your request, so it is booked and your card has been charged. This is your receipt for it.'
    : 'Thank you for your order. This is your receipt.';

export interface ReceiptInput {
  to: string;
  name: string;
  order: OrderContext;
  /** The London date the email is written: which lines can still be cancelled. */
  today: IsoDate;
  orderUrl: string;
  rentalsUrl: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const muted = 'font-size:13px;color:#4b5563';
const cell = 'padding:4px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top';

/** The receipt: a plain-text and an HTML part, every name, address and contact escaped in HTML. */
export function receiptEmail({ to, name, order, today, orderUrl, rentalsUrl }: ReceiptInput): MailMessage {
  const lines = sortedLines(order);
  const card = paidWith(order);
  const totals: Array<[string, string]> = [
    ['Subtotal', formatPence(order.subtotalPence)],
    ['Service fee', formatPence(order.serviceFeePence)],
    ['Total', formatPence(order.amountPence)],
  ];
  const footer = 'We send a receipt for every paid order, whatever your notification preferences.';

  const text = [
    `Hello ${name},`,
    '',
    intro(order),
    '',
    `Order reference: ${order.reference}`,
    `Date: ${formatDate(order.paidOn)}`,
    '',
    'Your rentals',
    ...lines.flatMap((l) => [
      `- ${l.itemName}, from ${l.ownerName}`,
      `  ${formatDate(l.startDate)} to ${formatDate(l.endDate)}: ${linePrice(l)}`,
    ]),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    card,
    ...held(order),
    '',
    'Pick-up',
    ...lines.flatMap((l) => {
      const p = pickup(l);
      return p ? [`- ${l.itemName}: ${p.address}`, `  Owner: ${p.contact}`] : [`- ${l.itemName}: cancelled, nothing to pick up.`];
    }),
    '',
    'Cancellation',
    CANCELLATION_TERMS,
    ...lines.map((l) => `- ${l.itemName} (${formatDate(l.startDate)} to ${formatDate(l.endDate)}): ${lineCancellation(l, today)}`),
    '',
    `See your order: ${orderUrl}`,
    `My Rentals: ${rentalsUrl}`,
    '',
    footer,
    '',
    'Toolshed',
  ].join('\n');

  const rows = lines
    .map(
      (
        l,
      ) => `<tr><td style="${cell}"><strong>${escape(l.itemName)}</strong><br><span style="${muted}">from ${escape(l.ownerName)}</span></td>
<td style="${cell}">${escape(formatDate(l.startDate))} to ${escape(formatDate(l.endDate))}<br><span style="${muted}">${escape(linePrice(l))}</span></td>
<td style="${cell};text-align:right">${escape(formatPence(l.totalPence))}</td></tr>`,
    )
    .join('\n');
  const totalRows = totals
    .map(([label, value], i) => {
      const weight = i === totals.length - 1 ? 'font-weight:bold;' : '';
      return `<tr><td colspan="2" style="padding:4px 8px;text-align:right;${weight}">${label}</td><td style="padding:4px 8px;text-align:right;${weight}">${escape(value)}</td></tr>`;
    })
    .join('\n');
  const pickups = lines
    .map((l) => {
      const p = pickup(l);
      return p
        ? `<li><strong>${escape(l.itemName)}</strong>: ${escape(p.address)}<br>Owner: ${escape(p.contact)}</li>`
        : `<li><strong>${escape(l.itemName)}</strong>: cancelled, nothing to pick up.</li>`;
    })
    .join('\n');
  const cancellations = lines
    .map(
      (l) =>
        `<li><strong>${escape(l.itemName)}</strong> (${escape(formatDate(l.startDate))} to ${escape(formatDate(l.endDate))}): ${escape(lineCancellation(l, today))}</li>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${escape(name)},</p>
<p>${escape(intro(order))}</p>
<p>Order reference: <strong>${escape(order.reference)}</strong><br>Date: ${escape(formatDate(order.paidOn))}</p>
<h2 style="font-size:18px">Your rentals</h2>
<table style="border-collapse:collapse">
${rows}
${totalRows}
</table>
<p>${escape(card)}</p>
${held(order)
  .map((line) => `<p>${escape(line)}</p>`)
  .join('')}
<h2 style="font-size:18px">Pick-up</h2>
<ul>
${pickups}
</ul>
<h2 style="font-size:18px">Cancellation</h2>
<p>${escape(CANCELLATION_TERMS)}</p>
<ul>
${cancellations}
</ul>
<p><a href="${escape(orderUrl)}" style="background:#065f46;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">See your order</a></p>
<p><a href="${escape(rentalsUrl)}">My Rentals</a></p>
<p style="${muted}">${escape(footer)}</p>
<p>Toolshed</p></body></html>`;

  return { to, subject: `Your Toolshed receipt: ${formatPence(order.amountPence)}`, text, html };
}

/** The email of an `order.paid` notice: the order as it is when the email is written. */
export function receiptRenderer(db: Executor, repo: NotificationRepository, appUrl: string): EmailRenderer {
  return async (notification, to, now) => {
    const key = keyParts(notification.eventKey);
    const whole = key ? await repo.order(db, key.paymentId) : undefined;
    const order = whole ? capturedPart(whole, key!.rentalId) : null;
    if (!order) return null;
    return receiptEmail({
      to: to.email,
      name: to.name,
      order,
      today: todayInLondon(now),
      orderUrl: `${appUrl}${orderPath(order.id)}`,
      rentalsUrl: `${appUrl}${RENTALS_PATH}`,
    });
  };
}

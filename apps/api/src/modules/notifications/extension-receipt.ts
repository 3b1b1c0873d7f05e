import { addDays, cardBrandName, daysInclusive, formatDate, formatLinePrice, formatPence, lineTotalPence } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import type { ExtensionContext, NotificationRepository } from './notification-repository.ts';
import type { EmailRenderer } from './notifier.ts';

/**
 * The renter's receipt for an extension, once it is charged: an instant item's at once, a request
 * item's when its owner accepts. An in-app notice (kind `extension.paid`) whose email is the receipt
 * below, keyed by the extension, so each extension has one receipt however often its event is handled.
 * An extension that costs less (a weekly price) says what went back to the balance instead.
 */

const KEY_PREFIX = 'extension.paid:';
export const extensionReceiptKey = (extensionId: string) => `${KEY_PREFIX}${extensionId}`;
const extensionOfKey = (eventKey: string | null) => (eventKey?.startsWith(KEY_PREFIX) ? eventKey.slice(KEY_PREFIX.length) : null);

export const rentalPath = (rentalId: string) => `/rentals/${rentalId}`;
const RENTALS_PATH = '/my-rentals';

const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** What the renter paid (positive) or got back to their balance (negative). */
const totalOf = (x: ExtensionContext) => x.linePence + x.feePence;

/** How it was paid: the card the processor authorised, or the balance. */
export function extensionPaidWith(x: Pick<ExtensionContext, 'paidWith' | 'cardBrand' | 'cardLast4'>): string {
  if (x.paidWith === 'balance') return 'your Toolshed balance';
  const brand = x.cardBrand ? (cardBrandName(x.cardBrand) ?? 'Card') : 'Card';
  return x.cardLast4 ? `${brand} ending ${x.cardLast4}` : 'card';
}

/** Where the money went: "Paid by Visa ending 4242", "Paid from your Toolshed balance" or "£1.10 went back to ...". */
function settlement(x: ExtensionContext): string {
  const total = totalOf(x);
  if (total < 0) return `${formatPence(-total)} went back to your Toolshed balance.`;
  if (total === 0) return 'Nothing was charged.';
  return x.paidWith === 'balance' ? 'Paid from your Toolshed balance.' : `Paid by ${extensionPaidWith(x)}.`;
}

/** "5 days £50.00", or "1 week £40.00 + 2 days £16.00 = £56.00": core's breakdown of the line over these days. */
function linePrice(x: ExtensionContext, endDate: string): string | null {
  if (x.dailyRatePence === null) return null;
  const days = daysInclusive(x.startDate, endDate);
  const parts = formatLinePrice(x.dailyRatePence, days, x.weeklyRatePence);
  return parts.includes(' + ') ? `${parts} = ${formatPence(lineTotalPence(x.dailyRatePence, days, x.weeklyRatePence))}` : parts;
}

/** The receipt's body lines, shared by the text and the HTML parts. */
function details(x: ExtensionContext) {
  const firstExtra = addDays(x.fromEndDate, 1);
  const extraDays = daysInclusive(firstExtra, x.toEndDate);
  const now = linePrice(x, x.toEndDate);
  const before = linePrice(x, x.fromEndDate);
  const total = totalOf(x);
  return {
    dates: `New dates: ${formatDate(x.startDate)} to ${formatDate(x.toEndDate)} (it ended on ${formatDate(x.fromEndDate)})`,
    extra: `Extra days: ${daysText(extraDays)}, ${formatDate(firstExtra)} to ${formatDate(x.toEndDate)}`,
    price: now && before ? `Rental price now: ${now} (was ${before})` : null,
    totals: [
      [total < 0 ? 'Extra days (the longer rental costs less)' : 'Extra days', formatPence(x.linePence)],
      ['Service fee', formatPence(x.feePence)],
      [total < 0 ? 'Total back to your balance' : 'Total charged', formatPence(Math.abs(total))],
    ] as Array<[string, string]>,
  };
}

/** The in-app notice of a charged extension. */
export function extensionReceiptNotice(x: ExtensionContext): { title: string; body: string; link: string } {
  const total = totalOf(x);
  const until = `keep ${x.itemName} until ${formatDate(x.toEndDate)}`;
  if (total < 0)
    return {
      title: `Extension: ${formatPence(-total)} back to your balance`,
      body: `You extended your rental to ${until}; the longer rental costs less, so ${formatPence(-total)} went back to your Toolshed balance. We have emailed you the receipt.`,
      link: rentalPath(x.rentalId),
    };
  return {
    title: `Extension paid: ${formatPence(total)}`,
    body: `You paid ${formatPence(total)} (${x.paidWith === 'balance' ? 'from your Toolshed balance' : extensionPaidWith(x)}) to ${until}. We have emailed you the receipt.`,
    link: rentalPath(x.rentalId),
  };
}

const intro = (x: ExtensionContext) =>
  x.accepted
    ? `${x.ownerName} accepted your extension of ${x.itemName}, so it is booked and paid. This is your receipt for it.`
    : `Your rental of ${x.itemName} is extended. This is your receipt for the extension.`;

export interface ExtensionReceiptInput {
  to: string;
  name: string;
  extension: ExtensionContext;
  rentalUrl: string;
  rentalsUrl: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const muted = 'font-size:13px;color:#4b5563';

/** The receipt: a plain-text and an HTML part, every name escaped in HTML. */
export function extensionReceiptEmail({ to, name, extension: x, rentalUrl, rentalsUrl }: ExtensionReceiptInput): MailMessage {
  const d = details(x);
  const footer = 'We send a receipt for every payment, whatever your notification preferences.';
  const head = [...(x.reference ? [`Order reference: ${x.reference}`] : []), `Date: ${formatDate(x.paidOn)}`];
  const text = [
    `Hello ${name},`,
    '',
    intro(x),
    '',
    ...head,
    '',
    `${x.itemName}, from ${x.ownerName}`,
    d.dates,
    d.extra,
    ...(d.price ? [d.price] : []),
    '',
    ...d.totals.map(([label, value]) => `${label}: ${value}`),
    settlement(x),
    '',
    `See the rental: ${rentalUrl}`,
    `My Rentals: ${rentalsUrl}`,
    '',
    footer,
    '',
    'Toolshed',
  ].join('\n');

  const totalRows = d.totals
    .map(([label, value], i) => {
      const weight = i === d.totals.length - 1 ? 'font-weight:bold;' : '';
      return `<tr><td style="padding:4px 8px;${weight}">${escape(label)}</td><td style="padding:4px 8px;text-align:right;${weight}">${escape(value)}</td></tr>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${escape(name)},</p>
<p>${escape(intro(x))}</p>
<p>${head.map(escape).join('<br>')}</p>
<h2 style="font-size:18px">${escape(x.itemName)}</h2>
<p><span style="${muted}">from ${escape(x.ownerName)}</span><br>${escape(d.dates)}<br>${escape(d.extra)}${d.price ? `<br>${escape(d.price)}` : ''}</p>
<table style="border-collapse:collapse">
${totalRows}
</table>
<p>${escape(settlement(x))}</p>
<p><a href="${escape(rentalUrl)}" style="background:#065f46;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">See the rental</a></p>
<p><a href="${escape(rentalsUrl)}">My Rentals</a></p>
<p style="${muted}">${escape(footer)}</p>
<p>Toolshed</p></body></html>`;

  return { to, subject: `Receipt: extension of ${x.itemName}`, text, html };
}

/** A charged extension's receipt, or null when the extension is not (or no longer) one that was paid. */
export async function paidExtension(db: Executor, repo: NotificationRepository, extensionId: string): Promise<ExtensionContext | null> {
  const found = await repo.extension(db, extensionId);
  return found?.status === 'paid' ? found : null;
}

/** The email of an `extension.paid` notice: the extension's receipt. */
export function extensionReceiptRenderer(db: Executor, repo: NotificationRepository, appUrl: string): EmailRenderer {
  return async (notification, to) => {
    const extensionId = extensionOfKey(notification.eventKey);
    const extension = extensionId ? await paidExtension(db, repo, extensionId) : null;
    if (!extension) return null;
    return extensionReceiptEmail({
      to: to.email,
      name: to.name,
      extension,
      rentalUrl: `${appUrl}${rentalPath(extension.rentalId)}`,
      rentalsUrl: `${appUrl}${RENTALS_PATH}`,
    });
  };
}

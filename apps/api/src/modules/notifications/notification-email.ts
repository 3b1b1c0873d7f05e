import type { MailMessage } from '../../platform/mail/mailer.ts';
import type { NotificationKind } from './notification-kinds.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ACTION_LABEL: Record<NotificationKind, string> = {
  'rental.booked': 'Message the renter',
  'rental.cancelled': 'See the rental',
  'rental.requested': 'Accept or decline',
  'rental.request_accepted': 'See the rental',
  'rental.extended': 'See the rental',
  'rental.extension_requested': 'Accept or decline',
  'rental.returned': 'See the rental',
  'rental.return_reminder': 'See the rental',
  'rental.overdue': 'See the rental',
  'rental.pickup_photos': 'Add pick-up photos',
  'rental.return_photos': 'Add return photos',
  'rental.handover_time': 'See the rental',
  'rental.handover_time_proposed': 'Accept the new time',
  'message.received': 'Read and reply',
  'review.received': 'See your reviews',
  'payout.paid': 'See your balance',
  'payout.failed': 'See your balance',
  'payout.returned': 'See your balance',
  'payment.capture_failed': 'See your rentals',
  'extension.reversed': 'See the rental',
  'rental.claim': 'See the rental',
  'date_watch.freed': 'Book these dates',
  // Its email is the receipt (order-receipt.ts); this is only for completeness.
  'order.paid': 'See your order',
  // Its email is the extension's receipt (extension-receipt.ts).
  'extension.paid': 'See the rental',
  // Its email is the alert's own, with its unsubscribe (saved-searches/search-alerts.ts).
  'search.alert': 'Have a look',
  'wanted.nearby': 'See what they need',
  'wanted.offer': 'See the offer',
  'wanted.listed': 'See the item',
};

export interface EmailInput {
  to: string;
  name: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Absolute URL of what the notification is about. */
  url: string;
  /** Absolute URL of the notification preferences. */
  preferencesUrl: string;
}

/** One email per notification: a plain-text and an HTML part; every name and item escaped in HTML. */
export function notificationEmail({ to, name, kind, title, body, url, preferencesUrl }: EmailInput): MailMessage {
  const action = ACTION_LABEL[kind];
  const footer = 'You get this email because of your notification preferences. Change them here:';
  const text = [`Hello ${name},`, '', body, '', `${action}: ${url}`, '', footer, preferencesUrl, '', 'Toolshed'].join('\n');
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${escape(name)},</p>
<p>${escape(body)}</p>
<p><a href="${escape(url)}" style="background:#065f46;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(action)}</a></p>
<p style="font-size:13px;color:#4b5563">${escape(footer)} <a href="${escape(preferencesUrl)}">notification preferences</a></p>
<p>Toolshed</p></body></html>`;
  return { to, subject: title, text, html };
}

import type { NotificationPreferences } from '@toolshed/core/contract';

/**
 * Which preference switch governs a kind of notice beyond the in-app entry, and whether it may go by
 * SMS. `preference: null` marks a transactional kind: its email is a record of something the user
 * did (a payment), so it is sent whatever the notification preferences say, and never by SMS.
 */
interface KindRule {
  /** 'alerts': asked for per saved search (each can be stopped on its own): by email whenever email is on. */
  preference: 'newRequests' | 'statusUpdates' | 'returnReminders' | 'alerts' | null;
  sms: boolean;
}

export const NOTIFICATION_KINDS = {
  'rental.booked': { preference: 'newRequests', sms: true },
  // Request to book: the owner is asked (within 24 hours), the renter told of the answer.
  'rental.requested': { preference: 'newRequests', sms: true },
  'rental.request_accepted': { preference: 'statusUpdates', sms: false },
  // Extensions: the owner is told of one (or asked to accept it), the renter of the answer.
  'rental.extended': { preference: 'statusUpdates', sms: false },
  'rental.extension_requested': { preference: 'newRequests', sms: true },
  'rental.cancelled': { preference: 'statusUpdates', sms: true },
  'rental.returned': { preference: 'statusUpdates', sms: false },
  'rental.return_reminder': { preference: 'returnReminders', sms: true },
  'rental.overdue': { preference: 'returnReminders', sms: true },
  // Handover photo reminders (the owner on the start day, the renter on the end day): in-app and email.
  'rental.pickup_photos': { preference: 'returnReminders', sms: false },
  'rental.return_photos': { preference: 'returnReminders', sms: false },
  // Two hours before a chosen pick-up or return time, both parties; and a new time the other party proposes.
  'rental.handover_time': { preference: 'returnReminders', sms: true },
  'rental.handover_time_proposed': { preference: 'statusUpdates', sms: false },
  'message.received': { preference: 'statusUpdates', sms: false },
  'review.received': { preference: 'statusUpdates', sms: false },
  'payout.paid': { preference: 'statusUpdates', sms: false },
  'payout.failed': { preference: 'statusUpdates', sms: true },
  'payout.returned': { preference: 'statusUpdates', sms: true },
  'payment.capture_failed': { preference: 'statusUpdates', sms: true },
  // A paid extension whose card could not be charged for good, reversed: both sides.
  'extension.reversed': { preference: 'statusUpdates', sms: true },
  // A claim on a rental reported, accepted, disputed or sent to support, and a deposit released.
  'rental.claim': { preference: 'statusUpdates', sms: false },
  // Dates a member asked to be told about are free again ("Tell me if these dates free up"): once per watch.
  'date_watch.freed': { preference: 'statusUpdates', sms: false },
  // The renter's receipt for a paid order. Transactional: it confirms a contract and what was charged,
  // which the renter needs on record even with email notifications (or every kind) switched off, so
  // no preference governs it, not even the email switch. It says nothing worth a text message.
  'order.paid': { preference: null, sms: false },
  // The renter's receipt for an extension when it is charged (or, cheaper, refunded to the balance): transactional likewise.
  'extension.paid': { preference: null, sms: false },
  // A saved search's new match (instant) or the morning's digest of them (saved-searches module).
  'search.alert': { preference: 'alerts', sms: false },
  // A wanted post near an owner's items (at most 3 a day per owner), and an offer for the author's post (wanted module).
  'wanted.nearby': { preference: 'newRequests', sms: false },
  'wanted.offer': { preference: 'statusUpdates', sms: false },
  // A new listing that answers the author's open post (at most 3 a day per post).
  'wanted.listed': { preference: 'statusUpdates', sms: false },
} as const satisfies Record<string, KindRule>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** In-app always; email when email and the kind are on, or always for a transactional kind. */
export function wantsEmail(prefs: NotificationPreferences, kind: NotificationKind): boolean {
  const rule: KindRule = NOTIFICATION_KINDS[kind];
  if (rule.preference === null) return true;
  if (rule.preference === 'alerts') return prefs.email;
  return prefs.email && prefs[rule.preference];
}

/** SMS when sms and the kind are on, for kinds urgent enough for a text (the phone must also be verified). */
export function wantsSms(prefs: NotificationPreferences, kind: NotificationKind): boolean {
  const rule: KindRule = NOTIFICATION_KINDS[kind];
  return rule.sms && rule.preference !== null && rule.preference !== 'alerts' && prefs.sms && prefs[rule.preference];
}

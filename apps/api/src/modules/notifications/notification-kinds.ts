import type { NotificationPreferences } from '@toolshed/core/contract';

/** Which preference switch governs a kind of notice beyond the in-app entry, and whether it may go by SMS. */
interface KindRule {
  preference: 'newRequests' | 'statusUpdates' | 'returnReminders';
  sms: boolean;
}

export const NOTIFICATION_KINDS = {
  'rental.booked': { preference: 'newRequests', sms: true },
  'rental.cancelled': { preference: 'statusUpdates', sms: true },
  'rental.returned': { preference: 'statusUpdates', sms: false },
  'rental.return_reminder': { preference: 'returnReminders', sms: true },
  'rental.overdue': { preference: 'returnReminders', sms: true },
  'message.received': { preference: 'statusUpdates', sms: false },
  'review.received': { preference: 'statusUpdates', sms: false },
  'payout.paid': { preference: 'statusUpdates', sms: false },
  'payout.failed': { preference: 'statusUpdates', sms: true },
  'payment.capture_failed': { preference: 'statusUpdates', sms: true },
} as const satisfies Record<string, KindRule>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** In-app always; email when email and the kind are on. */
export function wantsEmail(prefs: NotificationPreferences, kind: NotificationKind): boolean {
  return prefs.email && prefs[NOTIFICATION_KINDS[kind].preference];
}

/** SMS when sms and the kind are on, for kinds urgent enough for a text (the phone must also be verified). */
export function wantsSms(prefs: NotificationPreferences, kind: NotificationKind): boolean {
  const rule: KindRule = NOTIFICATION_KINDS[kind];
  return rule.sms && prefs.sms && prefs[rule.preference];
}

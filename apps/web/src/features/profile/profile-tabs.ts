import type { TabDef } from './components/tabs.tsx';

export type ProfileTabId = 'profile' | 'balance' | 'reviews' | 'transactions' | 'preferences';

export const PROFILE_TABS: readonly TabDef<ProfileTabId>[] = [
  { id: 'profile', label: 'Profile' },
  { id: 'balance', label: 'Balance' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'preferences', label: 'Preferences' },
];

/** What each tab not built yet will show, said plainly instead of sample numbers. */
export const PLANNED_TAB_TEXT: Record<Exclude<ProfileTabId, 'profile'>, string> = {
  balance:
    'Your balance will appear here: money available to withdraw, credits still pending until your rentals are returned, and a form to withdraw to your card.',
  reviews: 'Reviews will appear here: what renters and owners said about you after a rental, and the reviews you wrote.',
  transactions:
    'Your transactions will appear here: every rental you paid for or earned from, with its date, service fee and status.',
  preferences:
    'Your preferences will appear here: how we notify you (email, push, SMS), which updates you get, and vacation mode to pause bookings of your items.',
};

export function readProfileTab(value: string | null): ProfileTabId {
  return PROFILE_TABS.some((t) => t.id === value) ? (value as ProfileTabId) : 'profile';
}

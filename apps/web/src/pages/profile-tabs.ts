import type { TabDef } from '../ui/tabs.tsx';

export type ProfileTabId = 'profile' | 'balance' | 'reviews' | 'transactions' | 'preferences';

export const PROFILE_TABS: readonly TabDef<ProfileTabId>[] = [
  { id: 'profile', label: 'Profile' },
  { id: 'balance', label: 'Balance' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'preferences', label: 'Preferences' },
];

export function readProfileTab(value: string | null): ProfileTabId {
  return PROFILE_TABS.some((t) => t.id === value) ? (value as ProfileTabId) : 'profile';
}

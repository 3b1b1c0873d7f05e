import type { ComponentType } from 'react';
import { BalanceTab } from '../features/money/components/balance-tab.tsx';
import { TransactionsTab } from '../features/money/components/transactions-tab.tsx';
import { PreferencesTab } from '../features/preferences/components/preferences-tab.tsx';
import { ProfileDetails } from '../features/profile/components/profile-details.tsx';
import { ProfileReviews } from '../features/reviews/components/profile-reviews.tsx';
import type { ProfileTabId } from './profile-tabs.ts';

/**
 * What each profile tab shows: the profile page composes one screen of each feature (profile, money,
 * reviews, preferences); a feature adds a tab by exporting its component and being listed here.
 */
const PANELS: Record<ProfileTabId, ComponentType> = {
  profile: ProfileDetails,
  balance: BalanceTab,
  reviews: ProfileReviews,
  transactions: TransactionsTab,
  preferences: PreferencesTab,
};

export function ProfileTabPanel({ tab }: { tab: ProfileTabId }) {
  const Panel = PANELS[tab];
  return <Panel />;
}

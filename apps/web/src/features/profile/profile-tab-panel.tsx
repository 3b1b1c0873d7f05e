import type { ComponentType } from 'react';
import { ProfileDetails } from './components/profile-details.tsx';
import type { ProfileTabId } from './profile-tabs.ts';
import { BalanceTab } from './tabs/balance-tab.tsx';
import { PreferencesTab } from './tabs/preferences-tab.tsx';
import { ReviewsTab } from './tabs/reviews-tab.tsx';
import { TransactionsTab } from './tabs/transactions-tab.tsx';

/**
 * What each profile tab shows. Every tab is one component from its own file in `tabs/`; a feature
 * plugs its tab in by making that file re-export its component.
 */
const PANELS: Record<ProfileTabId, ComponentType> = {
  profile: ProfileDetails,
  balance: BalanceTab,
  reviews: ReviewsTab,
  transactions: TransactionsTab,
  preferences: PreferencesTab,
};

export function ProfileTabPanel({ tab }: { tab: ProfileTabId }) {
  const Panel = PANELS[tab];
  return <Panel />;
}

import { useSearchParams } from '../lib/router/index.ts';
import { Tabs } from '../ui/tabs.tsx';
import { ProfileTabPanel } from './profile-tab-panel.tsx';
import { PROFILE_TABS, readProfileTab, type ProfileTabId } from './profile-tabs.ts';
import { PageMain } from '../ui/page-main.tsx';

/** /profile?tab=profile|balance|reviews|transactions|preferences */
export function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const tab = readProfileTab(params.get('tab'));
  // Replace, not push: switching tabs should not fill the Back button's history.
  const select = (id: ProfileTabId) => setParams({ tab: id }, { replace: true });

  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>My Profile · Toolshed</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">My Profile</h1>
      <Tabs label="Profile sections" tabs={PROFILE_TABS} selected={tab} onSelect={select} idPrefix="profile">
        <ProfileTabPanel tab={tab} />
      </Tabs>
    </PageMain>
  );
}

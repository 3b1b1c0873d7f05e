import { PlannedTab } from './planned-tab.tsx';

/** The Preferences tab. Its feature replaces this file with a re-export of its own component. */
export function PreferencesTab() {
  return <PlannedTab text="Your preferences will appear here: how we notify you (email, push, SMS) and which updates you get." />;
}

import { PlannedTab } from './planned-tab.tsx';

/** The Balance tab. Its feature replaces this file with a re-export of its own component. */
export function BalanceTab() {
  return <PlannedTab text="Your balance will appear here: money available to withdraw, credits still pending until your rentals are returned, and a form to withdraw to your card." />;
}

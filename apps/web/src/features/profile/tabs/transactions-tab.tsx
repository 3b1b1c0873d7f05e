import { PlannedTab } from './planned-tab.tsx';

/** The Transactions tab. Its feature replaces this file with a re-export of its own component. */
export function TransactionsTab() {
  return <PlannedTab text="Your transactions will appear here: every rental you paid for or earned from, with its date, service fee and status." />;
}

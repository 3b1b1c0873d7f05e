import { PlannedTab } from './planned-tab.tsx';

/** The Reviews tab. Its feature replaces this file with a re-export of its own component. */
export function ReviewsTab() {
  return <PlannedTab text="Reviews will appear here: what renters and owners said about you after a rental, and the reviews you wrote." />;
}

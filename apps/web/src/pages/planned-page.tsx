import { Link } from 'react-router';
import { SimplePage } from '../ui/page-main.tsx';

export type PlannedPageId = 'notifications' | 'messages';

/** Signed-in pages whose content comes in a later release: their title and what they will show. */
const PLANNED: Record<PlannedPageId, { title: string; text: string }> = {
  notifications: {
    title: 'Notifications',
    text: 'Notifications will list updates about your items and your rentals, unread first.',
  },
  messages: { title: 'Messages', text: 'This page will show your conversation with the other person about this item.' },
};

export function PlannedPage({ page }: { page: PlannedPageId }) {
  const { title, text } = PLANNED[page];
  return (
    <SimplePage title={title}>
      <p>{text}</p>
      <p>This page is not available yet.</p>
      <p>
        <Link to="/category/all" className="font-medium text-emerald-800 underline underline-offset-4">
          Browse all items
        </Link>
      </p>
    </SimplePage>
  );
}

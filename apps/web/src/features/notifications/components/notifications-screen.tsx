import type { NotificationEntry, NotificationTab } from '@toolshed/core/contract';
import { useSearchParams } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllRead, useOpenEntry } from '../api/mark-read.ts';
import { NotificationEntryCard } from './notification-entry-card.tsx';

const EMPTY: Record<NotificationTab, string> = {
  items: 'No notifications about your items yet.',
  rentals: 'No notifications about your rentals yet.',
};

/** /notifications?tab=items|rentals: entries unread first, then by unread count (the server's order). */
export function NotificationsScreen() {
  const [params, setParams] = useSearchParams();
  const tab: NotificationTab = params.get('tab') === 'rentals' ? 'rentals' : 'items';
  const list = useNotifications(tab);
  const open = useOpenEntry();
  const markAll = useMarkAllRead();
  const unread = list.data?.unread;
  const label = (name: string, count: number | undefined) => (count ? `${name} (${count})` : name);
  const tabs = [
    { id: 'items' as const, label: label('My Items', unread?.items) },
    { id: 'rentals' as const, label: label('My Rentals', unread?.rentals) },
  ];
  const onOpen = (entry: NotificationEntry) => {
    if (entry.unreadCount > 0) open.mutate({ tab, groupKey: entry.groupKey });
  };

  let panel;
  if (list.isPending) panel = <StatusMessage>Loading your notifications...</StatusMessage>;
  else if (list.isError) {
    panel = (
      <ErrorState title="Your notifications could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
    );
  } else if (list.data.entries.length === 0) panel = <p className="text-slate-700">{EMPTY[tab]}</p>;
  else {
    panel = (
      <ul className="space-y-3">
        {list.data.entries.map((entry) => (
          <NotificationEntryCard key={entry.groupKey} entry={entry} tab={tab} onOpen={onOpen} />
        ))}
      </ul>
    );
  }
  const anyUnread = (unread?.items ?? 0) + (unread?.rentals ?? 0) > 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <button
          type="button"
          onClick={() => markAll.mutate()}
          disabled={!anyUnread || markAll.isPending}
          className="rounded-md border border-emerald-700 bg-white px-3 py-1.5 text-sm font-medium text-emerald-900 hover:bg-emerald-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500"
        >
          Mark all as read
        </button>
      </div>
      <Tabs
        label="Notifications"
        tabs={tabs}
        selected={tab}
        onSelect={(id) => setParams({ tab: id }, { replace: true })}
        idPrefix="notifications"
      >
        {panel}
      </Tabs>
    </div>
  );
}

import { formatDate, formatPence } from '@toolshed/core';
import type { NotificationEntry, NotificationTab, RentalView } from '@toolshed/core/contract';
import { Link } from '../../../lib/router/index.ts';
import { RentalStatusBadge } from '../../../ui/rental-status-badge.tsx';

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** The account's notices under My Rentals are about orders: receipts and payments that failed. */
export function entryTitle(entry: NotificationEntry, tab: NotificationTab): string {
  if (entry.itemName) return entry.itemName;
  if (entry.type !== 'account') return 'Unknown Item';
  return tab === 'rentals' ? 'Your orders' : 'Your account';
}

/** A word before the title of kinds worth telling apart at a glance (most kinds say what they are in the title). */
const KIND_TAGS: Partial<Record<string, string>> = {
  'order.paid': 'Receipt',
  'extension.paid': 'Receipt',
};

function KindTag({ kind }: { kind: string }) {
  const tag = KIND_TAGS[kind];
  if (!tag) return null;
  return <span className="mr-2 rounded bg-emerald-800 px-1.5 py-0.5 text-xs font-semibold text-white no-underline">{tag}</span>;
}

interface Props {
  entry: NotificationEntry;
  tab: NotificationTab;
  onOpen(entry: NotificationEntry): void;
}

/** One item, rental or the account: the newest notice opens it (and reads everything in it). */
export function NotificationEntryCard({ entry, tab, onOpen }: Props) {
  const [latest, ...earlier] = entry.notifications;
  const unread = entry.unreadCount > 0;
  const title = entryTitle(entry, tab);
  return (
    <li className={`rounded-xl border p-4 ${unread ? 'border-emerald-700 bg-emerald-50' : 'border-slate-200 bg-white'}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold break-words text-slate-900">{title}</h2>
        {unread && <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{entry.unreadCount} unread</span>}
        {entry.rental && (
          <RentalStatusBadge rental={{ status: entry.rental.status as RentalView['status'], overdue: entry.rental.status === 'overdue' }} />
        )}
      </div>
      {entry.rental && (
        <p className="text-sm text-slate-700">
          {formatDate(entry.rental.startDate)} to {formatDate(entry.rental.endDate)} · {formatPence(entry.rental.totalPence)}
        </p>
      )}
      {latest && (
        <Link
          to={latest.link ?? '/notifications'}
          onClick={() => onOpen(entry)}
          className="mt-2 block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          <span className={`block text-emerald-900 ${latest.read ? '' : 'font-semibold'}`}>
            <KindTag kind={latest.kind} />
            <span className="underline underline-offset-2">{latest.title}</span>
          </span>
          <span className="block break-words text-slate-800">{latest.body}</span>
          <span className="block text-sm text-slate-600">{when.format(new Date(latest.createdAt))}</span>
        </Link>
      )}
      {earlier.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-slate-700">Earlier ({earlier.length})</summary>
          <ul className="mt-2 space-y-2">
            {earlier.map((n) => (
              <li key={n.id}>
                <KindTag kind={n.kind} />
                <Link
                  to={n.link ?? '/notifications'}
                  onClick={() => onOpen(entry)}
                  className="text-sm text-emerald-900 underline underline-offset-2"
                >
                  {n.title}
                </Link>
                <span className="block text-sm break-words text-slate-700">{n.body}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

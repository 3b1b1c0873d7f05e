import { PEOPLE_PAGE_SIZE, type ThreadSummary } from '@toolshed/core/contract';
import { Link } from '../../../lib/router/index.ts';
import { useRestOfList } from '../../../lib/use-rest-of-list.ts';
import { ShowMore } from '../../../ui/show-more.tsx';

const personId = (t: ThreadSummary) => t.with.id;

/** The owner's people for one item: one thread per person who wrote or booked, the rest of a long list a page at a time. */
export function ThreadList({
  itemId,
  threads: first,
  total,
  selected,
}: {
  itemId: string;
  threads: ThreadSummary[];
  total: number;
  selected: string | undefined;
}) {
  const rest = useRestOfList(`/api/items/${encodeURIComponent(itemId)}/messages/people`, 'people', first, PEOPLE_PAGE_SIZE, personId);
  const threads = [...first, ...rest.entries];
  if (threads.length === 0) return <p className="text-slate-700">No one has written about this item yet.</p>;
  return (
    <nav aria-label="Conversations" className="space-y-3">
      <ul className="flex flex-col gap-1">
        {threads.map((t) => {
          const current = t.with.id === selected;
          return (
            <li key={t.with.id}>
              <Link
                to={`/item/${encodeURIComponent(itemId)}/messages?with=${encodeURIComponent(t.with.id)}`}
                aria-current={current ? 'page' : undefined}
                className={`flex items-center justify-between gap-2 rounded-md px-3 py-2 ${current ? 'bg-emerald-100 font-semibold' : 'hover:bg-slate-100'}`}
              >
                <span className="break-words text-slate-900">{t.with.name}</span>
                {t.unreadCount > 0 && (
                  <span className="rounded-full bg-red-700 px-2 text-xs font-semibold text-white">
                    {t.unreadCount}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      <ShowMore shown={threads.length} total={Math.max(total, threads.length)} rest={rest} what="people" />
    </nav>
  );
}

import { Link } from '../lib/router/index.ts';
import type { OwnerItem } from '@toolshed/core/contract';
import { DeleteItemButton } from '../features/items/components/delete-item-button.tsx';
import { MyItemsScreen } from '../features/my-items/components/my-items-screen.tsx';
import { useMyItems } from '../features/my-items/api/my-items.ts';
import { CalendarSourcesPanel } from '../features/calendar-sync/components/calendar-sources-panel.tsx';
import { PageMain } from '../ui/page-main.tsx';

const deleteButton = (item: OwnerItem) => (
  <DeleteItemButton
    item={item}
    className="rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
  />
);

export function MyItemsPage() {
  // The same query as the list above: the calendars' form offers the owner's items.
  const items = useMyItems();
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>My Items · Toolshed</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Items</h1>
        <Link to="/add-item" className="rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
          Add item
        </Link>
      </div>
      <MyItemsScreen itemActions={deleteButton} />
      {items.data && <CalendarSourcesPanel items={items.data} />}
    </PageMain>
  );
}

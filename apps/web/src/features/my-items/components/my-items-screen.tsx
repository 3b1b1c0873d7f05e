import type { OwnerItem } from '@toolshed/core/contract';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { linkClass } from '../../../ui/form-parts.tsx';
import { Tabs, type TabDef } from '../../../ui/tabs.tsx';
import { useMyItems } from '../api/my-items.ts';
import { OwnerItemCard } from './owner-item-card.tsx';

type MyItemsTab = 'available' | 'rented';

const TABS: readonly TabDef<MyItemsTab>[] = [
  { id: 'available', label: 'Available' },
  { id: 'rented', label: 'Currently Rented' },
];

/** Out or overdue items are with a renter now; every other item is in Available (listed or not). */
const isRented = (item: OwnerItem) => item.rentalState !== 'available';

function Empty({ tab, hasItems }: { tab: MyItemsTab; hasItems: boolean }) {
  if (!hasItems) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
        <p>You have not listed any items yet.</p>
        <Link to="/add-item" className={`${linkClass} mt-2 inline-block`}>
          List your first item
        </Link>
      </div>
    );
  }
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
      {tab === 'rented' ? 'None of your items are rented out right now.' : 'All your items are rented out right now.'}
    </p>
  );
}

/** /my-items?tab=available|rented. `itemActions`: the controls the page adds to each item (Delete). */
export function MyItemsScreen({ itemActions }: { itemActions?: (item: OwnerItem) => ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab: MyItemsTab = params.get('tab') === 'rented' ? 'rented' : 'available';
  const items = useMyItems();

  let panel;
  if (items.isPending) panel = <StatusMessage>Loading your items...</StatusMessage>;
  else if (items.isError) {
    panel = <ErrorState title="Your items could not be loaded" message={errorMessage(items.error)} onRetry={() => void items.refetch()} />;
  } else {
    const shown = items.data.filter((item) => isRented(item) === (tab === 'rented'));
    panel =
      shown.length === 0 ? (
        <Empty tab={tab} hasItems={items.data.length > 0} />
      ) : (
        <ul className="space-y-3">
          {shown.map((item) => (
            <OwnerItemCard key={item.id} item={item} actions={itemActions?.(item)} />
          ))}
        </ul>
      );
  }

  return (
    // Replace, not push: switching tabs should not fill the Back button's history.
    <Tabs label="My items" tabs={TABS} selected={tab} onSelect={(id) => setParams({ tab: id }, { replace: true })} idPrefix="my-items">
      {panel}
    </Tabs>
  );
}

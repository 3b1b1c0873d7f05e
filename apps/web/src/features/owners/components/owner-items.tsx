import { useLocation, useSearchParams } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { ItemCard } from '../../../ui/item-card.tsx';
import { SaveButton } from '../../../ui/save-button.tsx';
import { useSavedHearts } from '../../../data/saved-items.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { useOwnerItems } from '../api/owners.ts';

/** ?page= as a whole number from 1; anything else is page 1. */
export function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The owner's listed items with the browse cards; a card opens the item popup over this page. */
export function OwnerItems({ ownerId, ownerName }: { ownerId: string; ownerName: string }) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const page = readPage(params.get('page'));
  const items = useOwnerItems(ownerId, page, true);
  const heartFor = useSavedHearts();

  const itemLink = (itemId: string) => {
    const next = new URLSearchParams(params);
    next.set('item', itemId);
    return `${pathname}?${next.toString()}`;
  };

  const goTo = (p: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      return next;
    });
    document.getElementById('owner-items-heading')?.scrollIntoView({ block: 'start' });
  };

  let body;
  if (items.isPending) body = <StatusMessage>Loading items...</StatusMessage>;
  else if (items.isError) {
    body = <ErrorState title="These items could not be loaded" message={errorMessage(items.error)} onRetry={() => void items.refetch()} />;
  } else if (items.data.items.length === 0) {
    body = (
      <p className="text-slate-700">
        {items.data.total > 0 ? `There are no items on page ${page}.` : `${ownerName} has no items listed right now.`}
      </p>
    );
  } else {
    const pageCount = Math.max(1, Math.ceil(items.data.total / items.data.pageSize));
    body = (
      <>
        <p className="mb-4 text-sm text-slate-700">
          {items.data.total} {items.data.total === 1 ? 'item' : 'items'}
        </p>
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {items.data.items.map((item) => {
            const heart = heartFor({ id: item.id, name: item.name, ownerId: item.owner.id });
            return (
              <ItemCard key={item.id} item={item} to={itemLink(item.id)} showOwner={false} action={heart && <SaveButton {...heart} />} />
            );
          })}
        </ul>
        {pageCount > 1 && <Pagination page={items.data.page} pageCount={pageCount} onPage={goTo} />}
      </>
    );
  }

  return (
    <section aria-labelledby="owner-items-heading" aria-busy={items.isFetching && !items.isPending}>
      <h2 id="owner-items-heading" className="mb-3 text-2xl font-bold text-slate-900">
        Items
      </h2>
      {body}
    </section>
  );
}

import type { ItemsPage } from '@toolshed/core/contract';
import { useParams, useSearchParams } from '../../../lib/router/index.ts';
import { toSearch, withPage } from '../filter-params.ts';
import { useUpdateParams } from '../use-filter-url.ts';
import { ItemCard } from '../../../ui/item-card.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { SortSelect } from './sort-select.tsx';

/** '24 of 1,234 items'; a count that stopped at its bound reads '24 of 1,000+ items'. */
function resultCount(shown: number, total: number, capped: boolean): string {
  return `${shown} of ${total.toLocaleString('en-GB')}${capped ? '+' : ''} ${total === 1 && !capped ? 'item' : 'items'}`;
}

/** ' within 5 miles of OX2', ' near Leeds': where the results were found, after their count. */
function placePhrase(near: ItemsPage['near']): string {
  if (!near) return '';
  const radius = near.radiusMiles === null ? 'near' : `within ${near.radiusMiles} ${near.radiusMiles === 1 ? 'mile' : 'miles'} of`;
  return ` ${radius} ${near.label}`;
}

/** The grid of one page of results, its count, its order and the page controls. */
export function ItemResults({ data, updating }: { data: ItemsPage; updating: boolean }) {
  const [params] = useSearchParams();
  const { categoryId = 'all' } = useParams();
  const updateParams = useUpdateParams();
  const capped = data.totalCapped === true;
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  // Past a capped count, a full page may have more after it.
  const more = capped && data.items.length === data.pageSize;
  const query = toSearch(params);
  const goTo = (page: number) => {
    updateParams((p) => withPage(p, page));
    document.getElementById('main-content')?.scrollIntoView({ block: 'start' });
  };

  return (
    <section aria-labelledby="results-heading" aria-busy={updating} className={updating ? 'opacity-70 transition-opacity' : ''}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="results-heading" className="text-sm font-medium text-slate-700">
          {resultCount(data.items.length, data.total, capped)}
          {placePhrase(data.near)}
        </h2>
        <div className="flex items-center gap-3">
          {updating && <p className="text-sm text-slate-600">Updating...</p>}
          <SortSelect />
        </div>
      </div>
      {data.items.length === 0 ? (
        data.total > 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            <p>There are no items on page {data.page}.</p>
            <button type="button" onClick={() => goTo(1)} className="mt-3 font-medium text-emerald-800 underline underline-offset-4">
              Go to page 1
            </button>
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            No items found matching your criteria
          </p>
        )
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {data.items.map((item) => (
            <ItemCard key={item.id} item={item} to={`/category/${encodeURIComponent(categoryId)}/item/${encodeURIComponent(item.id)}${query}`} />
          ))}
        </ul>
      )}
      {(pageCount > 1 || more) && <Pagination page={data.page} pageCount={pageCount} onPage={goTo} more={more} />}
    </section>
  );
}

import { pointNearText } from '@toolshed/core';
import type { ItemsPage } from '@toolshed/core/contract';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useMapPoints } from '../../../data/get-map-points.ts';
import { readFilters, toSearch, withPage, withPlace } from '../filter-params.ts';
import { useUpdateParams } from '../use-filter-url.ts';
import { ItemCard, OPENED_FROM_LIST } from '../../../ui/item-card.tsx';
import { SaveButton } from '../../../ui/save-button.tsx';
import { useSavedHearts } from '../../../data/saved-items.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { SaveSearch } from './save-search.tsx';
import { CorrectedSearch, NearestMatchesHelp, NoMatchHelp } from './search-help.tsx';
import { SortSelect } from './sort-select.tsx';
import { ViewSwitch } from './view-switch.tsx';

// Leaflet is heavy and only needed in the map view, so the map loads in its own chunk.
const BrowseMap = lazy(() => import('./browse-map.tsx'));

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

/** The map view: the browse's matches as markers; a marker opens its item's popup over the map. */
function MapResults({ categoryId, query }: { categoryId: string; query: string }) {
  const [params] = useSearchParams();
  const updateParams = useUpdateParams();
  const navigate = useNavigate();
  const map = useMapPoints(categoryId, readFilters(params), true);
  if (map.isPending) return <StatusMessage>Loading the map...</StatusMessage>;
  if (map.isError && !map.data)
    return <ErrorState title="The map could not be loaded" message={errorMessage(map.error)} onRetry={() => void map.refetch()} />;
  return (
    <div className="space-y-2">
      <Suspense fallback={<StatusMessage>Loading the map...</StatusMessage>}>
        <BrowseMap
          points={map.data.points}
          near={map.data.near}
          onOpen={(itemId) =>
            void navigate(`/category/${encodeURIComponent(categoryId)}/item/${encodeURIComponent(itemId)}${query}`, {
              state: OPENED_FROM_LIST,
            })
          }
          onSearchArea={(centre, radius) =>
            updateParams((p) => withPlace(p, pointNearText(centre), radius === undefined ? '' : String(radius)))
          }
        />
      </Suspense>
      {map.data.more && (
        <p className="text-sm text-slate-700">
          The map shows the first {map.data.points.length} matches. Zoom in and search this area, or narrow the filters, to see the rest.
        </p>
      )}
    </div>
  );
}

/** One page of results as a grid (or all of them on a map), their count, their order and the page controls. */
export function ItemResults({ data, updating }: { data: ItemsPage; updating: boolean }) {
  const [params] = useSearchParams();
  const { categoryId = 'all' } = useParams();
  const updateParams = useUpdateParams();
  const onMap = params.get('view') === 'map';
  const heartFor = useSavedHearts();
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
      {data.correctedSearch && <CorrectedSearch corrected={data.correctedSearch} />}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="results-heading" className="text-sm font-medium text-slate-700">
          {onMap
            ? `${data.total.toLocaleString('en-GB')}${capped ? '+' : ''} ${data.total === 1 && !capped ? 'item' : 'items'}`
            : resultCount(data.items.length, data.total, capped)}
          {placePhrase(data.near)}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {updating && <p className="text-sm text-slate-600">Updating...</p>}
          <ViewSwitch />
          <SortSelect />
          <SaveSearch />
        </div>
      </div>
      {onMap && data.total > 0 ? (
        <MapResults categoryId={categoryId} query={query} />
      ) : data.items.length === 0 ? (
        data.total > 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            <p>There are no items on page {data.page}.</p>
            <button type="button" onClick={() => goTo(1)} className="mt-3 font-medium text-emerald-800 underline underline-offset-4">
              Go to page 1
            </button>
          </div>
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            {data.nearest && data.near && data.near.radiusMiles !== null ? (
              <NearestMatchesHelp near={{ ...data.near, radiusMiles: data.near.radiusMiles }} nearest={data.nearest} />
            ) : (
              <p>No items found matching your criteria</p>
            )}
            {data.relaxations && <NoMatchHelp relaxations={data.relaxations} />}
            <p className="mt-3">
              <Link to="/wanted/new" className="font-medium text-emerald-800 underline underline-offset-4">
                Can&apos;t find it? Ask your neighbours
              </Link>
            </p>
          </div>
        )
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {data.items.map((item) => {
            const heart = heartFor({ id: item.id, name: item.name, ownerId: item.owner.id });
            return (
              <ItemCard
                key={item.id}
                item={item}
                to={`/category/${encodeURIComponent(categoryId)}/item/${encodeURIComponent(item.id)}${query}`}
                action={heart && <SaveButton {...heart} />}
              />
            );
          })}
        </ul>
      )}
      {!onMap && (pageCount > 1 || more) && <Pagination page={data.page} pageCount={pageCount} onPage={goTo} more={more} />}
    </section>
  );
}

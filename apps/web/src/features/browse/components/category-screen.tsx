import { ALL_CATEGORY_ID, parseBrowseFilters, todayInLondon, type FilterField } from '@toolshed/core';
import { useEffect } from 'react';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { ApiError, errorMessage, isNotFound } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useCategories } from '../../../data/get-categories.ts';
import { useItems } from '../../../data/get-items.ts';
import { hasFilters, readFilters, toSearch, withPage } from '../filter-params.ts';
import { useRememberedPlace } from '../use-remembered-place.ts';
import { useUpdateParams, type UpdateParams } from '../use-filter-url.ts';
import { BrowseWelcome, RESULTS_HEADING_ID } from './browse-welcome.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { SearchBar } from './search-bar.tsx';
import { ItemCardSkeleton } from '../../../ui/item-card.tsx';
import { ItemResults } from './item-results.tsx';

const ALL_ITEMS = { name: 'All Items', description: 'Everything our neighbours have to lend, from every category.' };

function CategoryNotFound() {
  return (
    <div className="py-8">
      <title>Category not found · Toolshed</title>
      <h1 className="text-2xl font-bold text-slate-900">Category not found</h1>
      <p className="mt-2 text-slate-700">There is no category at this address. Pick one from the list, or browse everything.</p>
      <Link to="/category/all" className="mt-4 inline-block font-medium text-emerald-800 underline underline-offset-4">
        Browse all items
      </Link>
    </div>
  );
}

/** Shown while the first page of results loads: the spec's words and the shape of what is coming. */
function FetchingItems() {
  return (
    <div className="space-y-4">
      <StatusMessage>Fetching items from database...</StatusMessage>
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <ItemCardSkeleton key={i} />
        ))}
      </ul>
    </div>
  );
}

/** The last page that has items, when the URL asks for one past it (an old link, a shrunk result). */
function pageBeyondEnd(data: { page: number; total: number; pageSize: number; items: unknown[] } | undefined): number | null {
  // A page with items is never past the end (a capped total, '1,000+', undercounts the pages).
  if (!data || data.total === 0 || data.items.length > 0) return null;
  const last = Math.max(1, Math.ceil(data.total / data.pageSize));
  return data.page > last ? last : null;
}

/** The fields of the filter form behind the Filters button (the search has its own box, the page its own message). */
const FORM_FIELDS = new Set<FilterField>(['near', 'radius', 'maxPrice', 'minRating', 'startDate', 'endDate']);

/** A filter the API refused that the form could not know about (a place no geocoder knows), shown beside its field. */
function refusedFilter(error: Error | null): { field: FilterField; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return null;
  return error.field === 'near' || error.field === 'radius' || error.field === 'sort'
    ? { field: error.field, message: error.message }
    : null;
}

/** The results' heading, which the welcome's search moves focus to. */
function CategoryHeading({ name, description }: { name: string; description: string }) {
  return (
    <>
      <h1 id={RESULTS_HEADING_ID} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl">
        {name}
      </h1>
      {/* On a phone the heading says enough: the first row of items must show on the first screen. */}
      <p className="mt-1 hidden text-slate-700 sm:block">{description}</p>
    </>
  );
}

/** What shows in place of the results while a filter is refused. */
function FilterProblem({ field, params }: { field: FilterField; params: URLSearchParams }) {
  return field === 'page' || field === 'pageSize' ? (
    <p role="alert" className="text-slate-700">
      This page number is not valid.{' '}
      <Link to={toSearch(withPage(params, 1))} className="font-medium text-emerald-800 underline">
        Start from page 1
      </Link>
    </p>
  ) : (
    <p className="text-slate-700">Correct the highlighted filter to see matching items.</p>
  );
}

/**
 * A category's heading, filters and results. Filters come from the URL and are validated with the
 * same core function as the API's; an invalid value shows its message and no request is made.
 */
export function CategoryScreen({ categoryId }: { categoryId: string }) {
  const [params] = useSearchParams();
  const categories = useCategories();
  const raw = readFilters(params);
  const parsed = parseBrowseFilters(raw, todayInLondon());
  const items = useItems(categoryId, raw, parsed.ok);
  const updateParams: UpdateParams = useUpdateParams();
  const lastPage = items.isPlaceholderData ? null : pageBeyondEnd(items.data);
  const refused = refusedFilter(items.error);
  // The place last chosen on this device comes back on a browse address without one.
  useRememberedPlace(params, updateParams, refused?.field === 'near');

  // Page 99 of 3 means nothing: go to the last page there is, replacing the address.
  useEffect(() => {
    if (lastPage !== null) updateParams((p) => withPage(p, lastPage), { replace: true });
  }, [lastPage, updateParams]);

  if (categories.isPending) {
    return (
      <>
        <h1 className="sr-only">Browse items</h1>
        <StatusMessage>Loading...</StatusMessage>
      </>
    );
  }
  if (categories.isError) {
    return (
      <>
        <h1 className="sr-only">Browse items</h1>
        <ErrorState
          title="Categories could not be loaded"
          message={errorMessage(categories.error)}
          onRetry={() => void categories.refetch()}
        />
      </>
    );
  }
  const category = categoryId === ALL_CATEGORY_ID ? ALL_ITEMS : categories.data.categories.find((c) => c.id === categoryId);
  if (!category || isNotFound(items.error)) return <CategoryNotFound />;

  const problem = parsed.ok ? refused : { field: parsed.field, message: parsed.message };
  // The first screen welcomes a visitor with a search and the categories; any filter means they are past it.
  const welcome = categoryId === ALL_CATEGORY_ID && !hasFilters(params);
  return (
    <div className="space-y-4 md:space-y-6">
      <title>{`${category.name} · Toolshed`}</title>
      {welcome && <BrowseWelcome updateParams={updateParams} />}
      <FilterPanel
        problem={problem && FORM_FIELDS.has(problem.field) ? problem : null}
        heading={<CategoryHeading name={category.name} description={category.description} />}
        // One search box: the welcome's while it shows, this one once it has given way.
        search={welcome ? undefined : <SearchBar problem={problem?.field === 'search' ? problem.message : undefined} />}
      />
      {problem ? (
        <FilterProblem field={problem.field} params={params} />
      ) : items.isPending || lastPage !== null ? (
        <FetchingItems />
      ) : items.isError && !items.data ? (
        <ErrorState title="Items could not be loaded" message={errorMessage(items.error)} onRetry={() => void items.refetch()} />
      ) : items.data ? (
        <ItemResults data={items.data} updating={items.isPlaceholderData} />
      ) : null}
    </div>
  );
}

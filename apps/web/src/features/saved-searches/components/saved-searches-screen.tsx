import { MAX_SAVED_SEARCHES } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { linkClass } from '../../../ui/form-parts.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useSavedSearches } from '../api/saved-searches.ts';
import { SavedSearchEntry } from './saved-search-entry.tsx';

/** /saved-searches?page=: the member's saved searches, each with its alerts' state and actions. */
export function SavedSearchesScreen() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const searches = useSavedSearches(page);

  if (searches.isPending) return <StatusMessage>Loading your saved searches...</StatusMessage>;
  if (searches.isError)
    return (
      <ErrorState
        title="Your saved searches could not be loaded"
        message={errorMessage(searches.error)}
        onRetry={() => void searches.refetch()}
      />
    );
  const { total, pageSize } = searches.data;
  if (total === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
        <p>You have no saved searches yet. Browse with some words, a category, filters or a place, then press Save this search.</p>
        <Link to="/category/all" className={`${linkClass} mt-2 inline-block`}>
          Browse items
        </Link>
      </div>
    );
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">
        {total} saved {total === 1 ? 'search' : 'searches'} (at most {MAX_SAVED_SEARCHES})
      </p>
      <ul className="space-y-3">
        {searches.data.searches.map((s) => (
          <SavedSearchEntry key={s.id} search={s} />
        ))}
      </ul>
      {pageCount > 1 && (
        <Pagination
          page={searches.data.page}
          pageCount={pageCount}
          onPage={(p) => setParams((current) => (current.set('page', String(p)), current))}
        />
      )}
    </>
  );
}

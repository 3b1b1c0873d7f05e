import { SAVED_SEARCH_FREQUENCY_LABELS } from '@toolshed/core/contract';
import { useMockSample } from '../../../data/mock-account.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { linkClass } from '../../../ui/form-parts.tsx';
import { SampleDataNote } from '../../../ui/sample-data-note.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { searchState, searchSummary } from '../search-summary.ts';

const buttonClass = 'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 disabled:opacity-60';

/** The saved searches page in Mock Data mode: two sample searches; their results open, nothing else changes. */
export function SampleSavedSearches() {
  const searches = useMockSample(['saved-searches'], (sample, today) => sample.mockSavedSearches(today));
  if (searches.isPending) return <StatusMessage>Loading...</StatusMessage>;
  if (searches.isError)
    return (
      <ErrorState
        title="Saved searches could not be loaded"
        message={errorMessage(searches.error)}
        onRetry={() => void searches.refetch()}
      />
    );
  return (
    <>
      <SampleDataNote>Saving a search, renaming, pausing or deleting one needs an account: sign in once Toolshed is back.</SampleDataNote>
      <ul className="space-y-3">
        {searches.data.map((search) => (
          <li key={search.id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
            <div>
              <h2 className="text-lg font-semibold break-words text-slate-900">{search.name}</h2>
              <p className="text-slate-800">{searchSummary(search).join(' · ')}</p>
              <p className="text-sm text-slate-700">
                {searchState(search)} · {SAVED_SEARCH_FREQUENCY_LABELS[search.frequency]}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Link to={search.path} className={linkClass} aria-label={`See the results of ${search.name}`}>
                See results
              </Link>
              <button type="button" disabled className={buttonClass}>
                Rename
              </button>
              <button type="button" disabled className={buttonClass}>
                Pause alerts
              </button>
              <button type="button" disabled className={buttonClass}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

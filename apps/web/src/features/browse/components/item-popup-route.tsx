import { parseBrowseFilters, todayInLondon } from '@toolshed/core';
import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorBoundary } from '../../../ui/error-boundary.tsx';
import { StatusMessage } from '../../../ui/status-views.tsx';
import { readFilters, toSearch } from '../filter-params.ts';

// Its own chunk: the popup brings the calendar and the map, which the grid does not need.
const ItemDetailPopup = lazy(() => import('../../item-detail/item-detail-popup.tsx'));

function Overlay({ children }: { children: ReactNode }) {
  return <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">{children}</div>;
}

function PopupFailed({ onClose }: { onClose: () => void }) {
  return (
    <Overlay>
      <div role="alert" className="max-w-sm rounded-xl bg-white p-6 shadow-xl">
        <p className="font-semibold text-slate-900">This item could not be opened.</p>
        <p className="mt-1 text-sm text-slate-700">Check your connection, then reload the page.</p>
        <button type="button" onClick={onClose} className="mt-4 rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800">
          Close
        </button>
      </div>
    </Overlay>
  );
}

/** The item popup over the category screen; the filter query is kept while it opens and closes. */
export function ItemPopupRoute() {
  const { categoryId = 'all', itemId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openedFromList = (location.state as { openedFromList?: boolean } | null)?.openedFromList === true;
  const search = toSearch(params);

  const onClose = useCallback(() => {
    // Opened from the grid: going back returns to the same list URL and keeps Back meaningful.
    if (openedFromList) void navigate(-1);
    else void navigate({ pathname: `/category/${encodeURIComponent(categoryId)}`, search });
  }, [openedFromList, navigate, categoryId, search]);

  // Dates the renter filtered by are pre-selected in the popup's calendar.
  const filters = parseBrowseFilters(readFilters(params), todayInLondon());
  const initialRange =
    filters.ok && filters.value.startDate && filters.value.endDate
      ? { startDate: filters.value.startDate, endDate: filters.value.endDate }
      : undefined;

  return (
    <ErrorBoundary key={itemId} fallback={() => <PopupFailed onClose={onClose} />}>
      <Suspense
        fallback={
          <Overlay>
            <div className="rounded-xl bg-white px-6 shadow-xl">
              <StatusMessage>Opening item...</StatusMessage>
            </div>
          </Overlay>
        }
      >
        <ItemDetailPopup key={itemId} itemId={itemId} onClose={onClose} initialRange={initialRange} />
      </Suspense>
    </ErrorBoundary>
  );
}

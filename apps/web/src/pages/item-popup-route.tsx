import { parseBrowseFilters, todayInLondon } from '@toolshed/core';
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from '../lib/router/index.ts';
import { ItemPopup } from './item-popup.tsx';
import { readFilters, toSearch } from '../features/browse/filter-params.ts';

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

  // The place the list was browsed from: the popup says how far away the item is.
  const near = filters.ok && filters.value.near ? (params.get('near') ?? undefined) : undefined;

  return <ItemPopup itemId={itemId} onClose={onClose} initialRange={initialRange} near={near} />;
}

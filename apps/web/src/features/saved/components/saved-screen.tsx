import { compareDates, distanceLabel, formatPence, isIsoDate, noLongerListedNote, saveButtonLabel, todayInLondon } from '@toolshed/core';
import type { SavedItem } from '@toolshed/core/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { useToast } from '../../../lib/toast.tsx';
import { fieldA11y, FormField, inputClass, linkClass } from '../../../ui/form-parts.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useToggleSaved } from '../../../data/saved-items.ts';
import { useSavedPage } from '../api/saved-page.ts';

const removeButtonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60';

function RemoveButton({ item }: { item: SavedItem }) {
  const toggle = useToggleSaved();
  const toast = useToast();
  return (
    <button
      type="button"
      aria-label={saveButtonLabel(item.name, true)}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { itemId: item.itemId, save: false },
          { onSuccess: () => toast.show(`Removed ${item.name} from saved`), onError: (err) => toast.show(errorMessage(err)) },
        )
      }
      className={removeButtonClass}
    >
      Remove
    </button>
  );
}

function Availability({ availability }: { availability: SavedItem['availability'] }) {
  if (!availability) return null;
  return availability.free ? (
    <p className="text-sm font-semibold text-emerald-800">Free on these dates</p>
  ) : (
    <p className="text-sm font-medium text-amber-900">{availability.message ?? 'Not free on these dates'}</p>
  );
}

/** One saved item; `readOnly` (Mock Data's sample) shows its Remove button disabled. */
export function SavedEntry({ item, dates, readOnly = false }: { item: SavedItem; dates: string; readOnly?: boolean }) {
  if (!item.listed) {
    return (
      <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-4">
        <p className="text-slate-700">{noLongerListedNote(item.name)}</p>
        <RemoveButton item={item} />
      </li>
    );
  }
  const link = `/category/${encodeURIComponent(item.categoryId ?? 'all')}/item/${encodeURIComponent(item.itemId)}${dates}`;
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row">
      {item.imageUrl ? (
        <img src={item.imageUrl} alt="" width={144} height={96} className="h-24 w-36 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex h-24 w-36 shrink-0 items-center justify-center rounded bg-slate-100 text-xs text-slate-600">No image</span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="text-lg font-semibold break-words text-slate-900">
          <Link to={link} className="hover:text-emerald-900 hover:underline">
            {item.name}
          </Link>
        </h2>
        {item.dailyRatePence !== null && <p className="font-semibold text-emerald-800">{formatPence(item.dailyRatePence)} / day</p>}
        <p className="text-sm text-slate-700">
          {item.city ?? 'City not available'}
          {typeof item.distanceMiles === 'number' && <span> · {distanceLabel(item.distanceMiles)}</span>}
        </p>
        <Availability availability={item.availability} />
        <div className="mt-2">
          {readOnly ? (
            <button type="button" disabled aria-label={saveButtonLabel(item.name, true)} className={removeButtonClass}>
              Remove
            </button>
          ) : (
            <RemoveButton item={item} />
          )}
        </div>
      </div>
    </li>
  );
}

/** The saved items of the page, or why there are none. */
function SavedList({
  saved,
  dates,
  onPage,
}: {
  saved: ReturnType<typeof useSavedPage>;
  dates: { startDate: string; endDate: string } | undefined;
  onPage(page: number): void;
}) {
  if (saved.isPending) return <StatusMessage>Loading your saved items...</StatusMessage>;
  if (saved.isError)
    return (
      <ErrorState title="Your saved items could not be loaded" message={errorMessage(saved.error)} onRetry={() => void saved.refetch()} />
    );
  if (saved.data.total === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
        <p>You have not saved any items yet. Press the heart on an item to keep it here.</p>
        <Link to="/category/all" className={`${linkClass} mt-2 inline-block`}>
          Browse items
        </Link>
      </div>
    );
  const pageCount = Math.max(1, Math.ceil(saved.data.total / saved.data.pageSize));
  const query = dates ? `?${new URLSearchParams(dates)}` : '';
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">
        {saved.data.total} saved {saved.data.total === 1 ? 'item' : 'items'}
      </p>
      <ul className="space-y-3">
        {saved.data.items.map((item) => (
          <SavedEntry key={item.itemId} item={item} dates={query} />
        ))}
      </ul>
      {pageCount > 1 && <Pagination page={saved.data.page} pageCount={pageCount} onPage={onPage} />}
    </>
  );
}

type DateParam = 'startDate' | 'endDate' | 'page';

/** "Are they free on your dates?": the dates each saved item's availability is asked for. */
function DatesFieldset(props: {
  today: string;
  startDate: string;
  endDate: string;
  endProblem: string | undefined;
  setParam(name: DateParam, value: string): void;
}) {
  const { today, startDate, endDate, endProblem, setParam } = props;
  return (
    <fieldset className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Are they free on your dates?</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="saved-start-date" label="Start date" problem={undefined}>
          <input
            id="saved-start-date"
            type="date"
            min={today}
            value={startDate}
            onChange={(e) => setParam('startDate', e.target.value)}
            className={inputClass}
          />
        </FormField>
        <FormField id="saved-end-date" label="End date" problem={endProblem}>
          <input
            id="saved-end-date"
            type="date"
            min={startDate || today}
            value={endDate}
            onChange={(e) => setParam('endDate', e.target.value)}
            className={inputClass}
            {...fieldA11y('saved-end-date', endProblem)}
          />
        </FormField>
      </div>
    </fieldset>
  );
}

/**
 * /saved?startDate=&endDate=&page=: the member's saved items, and whether each is free on the dates
 * chosen here. `near`: the place remembered from browsing, for distances.
 */
export function SavedScreen({ near }: { near?: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => todayInLondon());
  const startDate = params.get('startDate') ?? '';
  const endDate = params.get('endDate') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const bothDates = isIsoDate(startDate) && isIsoDate(endDate);
  const endProblem = bothDates && compareDates(endDate, startDate) < 0 ? 'The end date cannot be before the start date.' : undefined;
  const dates = bothDates && !endProblem ? { startDate, endDate } : undefined;
  const saved = useSavedPage({ page, ...dates, near });

  function setParam(name: DateParam, value: string) {
    setParams(
      (current) => {
        if (value) current.set(name, value);
        else current.delete(name);
        if (name !== 'page') current.delete('page');
        return current;
      },
      { replace: true },
    );
  }

  return (
    <>
      <DatesFieldset today={today} startDate={startDate} endDate={endDate} endProblem={endProblem} setParam={setParam} />
      <SavedList saved={saved} dates={dates} onPage={(p) => setParam('page', String(p))} />
    </>
  );
}

import { lazy, Suspense, useId, useState } from 'react';
import { useSearchParams } from '../../../lib/router/index.ts';
import { useMediaQuery, WIDE_SCREEN } from '../../../ui/use-media-query.ts';
import { FILTER_KEYS } from '../filter-params.ts';
import { FilterForm, type FilterProblem } from './filter-form.tsx';

// The sheet (and the modal dialog under it) only ever shows after a tap on 'Filters': its code is
// fetched then, not with the first page.
const Sheet = lazy(() => import('../../../ui/sheet.tsx').then((m) => ({ default: m.Sheet })));

/** The filters set, a place (with its radius) counting as one. */
export function activeFilterCount(params: URLSearchParams): number {
  return [...FILTER_KEYS, 'near' as const].filter((key) => (params.get(key) ?? '').trim() !== '').length;
}

/**
 * The filters: beside the results on a wide screen; on a phone behind a 'Filters' button that
 * shows how many are set, in a sheet, so the first screen shows items rather than a form.
 */
export function FilterPanel({ problem }: { problem: FilterProblem | null }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  if (wide) return <FilterForm problem={problem} />;

  const count = activeFilterCount(params);
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold shadow-sm ${
          problem ? 'border-red-700 text-red-800' : 'border-slate-400 text-slate-900'
        } bg-white hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700`}
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        Filters
        {count > 0 && (
          <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs text-white">
            {count}
            <span className="sr-only"> set</span>
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Sheet labelledBy={headingId} open onClose={() => setOpen(false)}>
            <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
              <h2 id={headingId} className="text-lg font-semibold">
                Filters
              </h2>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
              >
                Close
              </button>
            </div>
            <div className="p-4">
              <FilterForm problem={problem} onSuggestionPicked={() => setOpen(false)} />
            </div>
            <div className="sticky bottom-0 border-t border-slate-200 bg-white p-4">
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="w-full rounded-lg bg-emerald-700 px-4 py-3 font-semibold text-white hover:bg-emerald-800"
              >
                Show results
              </button>
            </div>
          </Sheet>
        </Suspense>
      )}
    </div>
  );
}

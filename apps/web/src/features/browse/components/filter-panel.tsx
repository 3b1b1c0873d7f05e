import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from '../../../lib/router/index.ts';
import { useMediaQuery, WIDE_SCREEN } from '../../../ui/use-media-query.ts';
import { activeFilterCount, FilterChips } from './filter-chips.tsx';
import type { FilterProblem } from './filter-form.tsx';

// The sheet (and the modal dialog under it) and the form in it only ever show after a tap on
// 'Filters' (or for a filter found invalid): their code is fetched then, not with the first page.
// Pointing at or focusing the button fetches the form ahead of the tap.
const Sheet = lazy(() => import('../../../ui/sheet.tsx').then((m) => ({ default: m.Sheet })));
const loadFilterForm = () => import('./filter-form.tsx');
const FilterForm = lazy(() => loadFilterForm().then((m) => ({ default: m.FilterForm })));

function LoadingFilters() {
  return (
    <p role="status" className="text-sm text-slate-600">
      Loading the filters...
    </p>
  );
}

/** Moves the focus to the first field of the container once the form in it has come, when asked (`pendingRef`). */
function FocusFirstField({ containerRef, pendingRef }: { containerRef: RefObject<HTMLElement | null>; pendingRef: RefObject<boolean> }) {
  useEffect(() => {
    if (!pendingRef.current) return;
    pendingRef.current = false;
    containerRef.current?.querySelector<HTMLElement>('input, select, button')?.focus();
  }, [containerRef, pendingRef]);
  return null;
}

/** The id of the Filters button, where the focus goes back to. */
export const FILTERS_BUTTON_ID = 'filters-button';

/** The 'Filters' button: how many filters are set, and red while one is invalid. */
function FiltersButton(props: {
  wide: boolean;
  open: boolean;
  inPlace: boolean;
  panelId: string;
  invalid: boolean;
  count: number;
  onClick(): void;
}) {
  const { wide, inPlace, count } = props;
  return (
    <button
      id={FILTERS_BUTTON_ID}
      type="button"
      aria-haspopup={wide ? undefined : 'dialog'}
      aria-expanded={props.open}
      aria-controls={inPlace ? props.panelId : undefined}
      onClick={props.onClick}
      onPointerEnter={() => void loadFilterForm()}
      onFocus={() => void loadFilterForm()}
      className={`mt-0.5 inline-flex shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold shadow-sm ${
        props.invalid ? 'border-red-700 text-red-800' : 'border-slate-400 text-slate-900'
      } ${inPlace ? 'bg-slate-100' : 'bg-white'} hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700`}
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
  );
}

/** The filter form in a sheet, on a phone. */
function FilterSheet({ problem, onClose }: { problem: FilterProblem | null; onClose(): void }) {
  const headingId = useId();
  return (
    <Suspense fallback={null}>
      <Sheet labelledBy={headingId} open onClose={onClose}>
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
          <h2 id={headingId} className="text-lg font-semibold">
            Filters
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
          >
            Close
          </button>
        </div>
        <div className="p-4">
          <Suspense fallback={<LoadingFilters />}>
            <FilterForm problem={problem} />
          </Suspense>
        </div>
        <div className="sticky bottom-0 border-t border-slate-200 bg-white p-4">
          <button
            type="button"
            onClick={onClose}
            className="w-full rounded-lg bg-emerald-700 px-4 py-3 font-semibold text-white hover:bg-emerald-800"
          >
            Show results
          </button>
        </div>
      </Sheet>
    </Suspense>
  );
}

/**
 * The screen's heading with the 'Filters' button beside it, the search box under them, the filters
 * set as chips, and the filter form behind the button at every width, so the first screen shows
 * items rather than a form. On a wide screen the button opens the form in place (a disclosure: the
 * focus moves to its first field, Escape closes it and the focus goes back to the button); on a
 * phone it opens a sheet. The button says how many filters are set. A filter the screen found
 * invalid opens the form on a wide screen, to show its message beside the field.
 */
export function FilterPanel({ problem, heading, search }: { problem: FilterProblem | null; heading: ReactNode; search?: ReactNode }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const [params] = useSearchParams();
  // The form in place on a wide screen, the sheet on a phone.
  const [inPlaceOpen, setInPlaceOpen] = useState(problem !== null);
  const [sheetOpen, setSheetOpen] = useState(false);
  // A problem found later (a place the API could not find) opens the form too: adjusted while drawing.
  const [problemSeen, setProblemSeen] = useState(problem?.field ?? null);
  if ((problem?.field ?? null) !== problemSeen) {
    setProblemSeen(problem?.field ?? null);
    if (problem) setInPlaceOpen(true);
  }
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Set when the button opened the form, so the focus moves into it (not when a problem did).
  const focusIn = useRef(false);
  const count = activeFilterCount(params);

  const inPlace = wide && inPlaceOpen;
  const open = wide ? inPlaceOpen : sheetOpen;

  function toggle() {
    if (!wide) return setSheetOpen(true);
    focusIn.current = !inPlaceOpen;
    setInPlaceOpen(!inPlaceOpen);
  }

  function closeInPlace() {
    setInPlaceOpen(false);
    document.getElementById(FILTERS_BUTTON_ID)?.focus();
  }

  return (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">{heading}</div>
        <FiltersButton
          wide={wide}
          open={open}
          inPlace={inPlace}
          panelId={panelId}
          invalid={problem !== null}
          count={count}
          onClick={toggle}
        />
      </div>
      {search}
      {inPlace && (
        // Escape anywhere in the form closes it; each field still takes the key first (a date picker's own Escape).
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the key is handled for the fields inside
        <div
          id={panelId}
          ref={panel}
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || e.defaultPrevented) return;
            e.preventDefault();
            closeInPlace();
          }}
        >
          <Suspense fallback={<LoadingFilters />}>
            <FilterForm problem={problem} />
            <FocusFirstField containerRef={panel} pendingRef={focusIn} />
          </Suspense>
        </div>
      )}
      {!inPlace && <FilterChips fallbackFocusId={FILTERS_BUTTON_ID} />}
      {!wide && sheetOpen && <FilterSheet problem={problem} onClose={() => setSheetOpen(false)} />}
    </div>
  );
}

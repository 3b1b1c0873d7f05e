import { MIN_RATING_OPTIONS, todayInLondon, type FilterField } from '@toolshed/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { useSearchParams } from '../../../lib/router/index.ts';
import { hasFilters, withFilter, withoutFilters, type FilterKey } from '../filter-params.ts';
import { useUpdateParams, useUrlTextFilter } from '../use-filter-url.ts';
import { ratingLabel } from '../rating-label.ts';
import { NearFields } from './near-fields.tsx';

export interface FilterProblem {
  field: FilterField;
  message: string;
}

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

type FieldA11y = { 'aria-invalid'?: true; 'aria-describedby'?: string };

function Field(props: { id: string; label: string; problem: string | undefined; children: (a11y: FieldA11y) => ReactNode }) {
  const errorId = `${props.id}-error`;
  const a11y: FieldA11y = props.problem ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      {props.children(a11y)}
      {props.problem && (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {props.problem}
        </p>
      )}
    </div>
  );
}

/**
 * The browse filters and the place (near, distance). The URL is their only store: this form reads
 * it and writes it, and the category screen validates it. `problem` is the validation message to
 * show beside its field. The search words have their own box, the search bar, outside this form;
 * 'Clear filters' empties them too.
 */
export function FilterForm({ problem }: { problem: FilterProblem | null }) {
  const [params] = useSearchParams();
  const updateParams = useUpdateParams();
  const maxPrice = useUrlTextFilter('maxPrice', updateParams);
  const today = todayInLondon();
  const startDate = params.get('startDate') ?? '';
  const messageFor = (field: FilterField) => (problem?.field === field ? problem.message : undefined);
  const setNow = (key: FilterKey, value: string) => updateParams((p) => withFilter(p, key, value));
  // Enter applies a typed value at once instead of waiting for the pause.
  const flushOnEnter = (flush: () => void) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') flush();
  };

  return (
    <form
      role="search"
      aria-label="Filter items"
      className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <NearFields inputClass={inputClass} nearProblem={messageFor('near')} radiusProblem={messageFor('radius')} field={Field} />
      <Field id="filter-max-price" label="Max price (£ per day)" problem={messageFor('maxPrice')}>
        {(a11y) => (
          <input
            id="filter-max-price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="No limit"
            value={maxPrice.value}
            onChange={(e) => maxPrice.onChange(e.target.value)}
            onBlur={maxPrice.flush}
            onKeyDown={flushOnEnter(maxPrice.flush)}
            className={inputClass}
            {...a11y}
          />
        )}
      </Field>
      <Field id="filter-min-rating" label="Minimum owner rating" problem={messageFor('minRating')}>
        {(a11y) => (
          <select
            id="filter-min-rating"
            value={params.get('minRating') ?? ''}
            onChange={(e) => setNow('minRating', e.target.value)}
            className={inputClass}
            {...a11y}
          >
            <option value="">Any</option>
            {MIN_RATING_OPTIONS.map((o) => (
              <option key={o} value={String(o)}>
                {ratingLabel(o)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="filter-start-date" label="Start date" problem={messageFor('startDate')}>
        {(a11y) => (
          <input
            id="filter-start-date"
            type="date"
            min={today}
            value={startDate}
            onChange={(e) => setNow('startDate', e.target.value)}
            className={inputClass}
            {...a11y}
          />
        )}
      </Field>
      <Field id="filter-end-date" label="End date" problem={messageFor('endDate')}>
        {(a11y) => (
          <input
            id="filter-end-date"
            type="date"
            min={startDate || today}
            value={params.get('endDate') ?? ''}
            onChange={(e) => setNow('endDate', e.target.value)}
            className={inputClass}
            {...a11y}
          />
        )}
      </Field>
      <div className="flex items-end sm:col-span-2 lg:col-span-1 lg:justify-end">
        <button
          type="button"
          disabled={!hasFilters(params)}
          onClick={() => {
            maxPrice.clear();
            updateParams(withoutFilters);
          }}
          className="rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}

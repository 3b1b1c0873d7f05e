import { MIN_RATING_OPTIONS, todayInLondon, type FilterField } from '@toolshed/core';
import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from '../../../lib/router/index.ts';
import { fieldA11y, FormField } from '../../../ui/form-parts.tsx';
import type { RefCallBack } from 'react-hook-form';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { filterProblems } from '../filter-check.ts';
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

type FieldA11y = ReturnType<typeof fieldA11y>;

/** A filter's label, control and message, drawn by the form pattern's FormField with its ties to the message. */
function Field(props: { id: string; label: string; problem: string | undefined; children: (a11y: FieldA11y) => ReactNode }) {
  return (
    <FormField id={props.id} label={props.label} problem={props.problem}>
      {props.children(fieldA11y(props.id, props.problem))}
    </FormField>
  );
}

type FilterValues = { near: string; radius: string; maxPrice: string; minRating: string; startDate: string; endDate: string };
const FILTER_KEYS = ['near', 'radius', 'maxPrice', 'minRating', 'startDate', 'endDate'] as const;

/** The form over the URL's filters: each field's message and ref, and how a change reaches the URL. */
function useFilterForm(problem: FilterProblem | null) {
  const [params] = useSearchParams();
  const updateParams = useUpdateParams();
  const maxPrice = useUrlTextFilter('maxPrice', updateParams);
  const startDate = params.get('startDate') ?? '';
  // The values are the URL's (the max price as typed): the form pattern checks them with the browse's rule.
  const values: FilterValues = {
    near: params.get('near') ?? '',
    radius: params.get('radius') ?? '',
    maxPrice: maxPrice.value,
    minRating: params.get('minRating') ?? '',
    startDate,
    endDate: params.get('endDate') ?? '',
  };
  const form = useCheckedForm<FilterValues>({
    defaultValues: values,
    check: filterProblems,
    idPrefix: 'filter',
    ids: { maxPrice: 'filter-max-price', minRating: 'filter-min-rating', startDate: 'filter-start-date', endDate: 'filter-end-date' },
  });
  const { setValue, clearErrors } = form;
  const shownKey = FILTER_KEYS.map((key) => values[key]).join('\u0000');
  // A filter applies as it changes, so the form's message for the old value goes with it (the rule's answer for the new one shows instead).
  useEffect(() => {
    const current = shownKey.split('\u0000');
    FILTER_KEYS.forEach((key, i) => setValue(key, current[i] ?? ''));
    clearErrors();
  }, [setValue, clearErrors, shownKey]);
  // The form's own refusal (after Enter), else the rule's answer for the address (the server's), under its field.
  const messageFor = (field: FilterField) =>
    form.problem(field as keyof FilterValues) ?? (problem?.field === field ? problem.message : undefined);
  const refOf = (field: keyof FilterValues) => form.register(field).ref;
  const setNow = (key: FilterKey, value: string) => updateParams((p) => withFilter(p, key, value));
  const onSubmit = form.submit(() => maxPrice.flush());
  return { params, updateParams, maxPrice, startDate, messageFor, refOf, setNow, onSubmit };
}

type UrlTextFilter = ReturnType<typeof useUrlTextFilter>;

/** The max price: applied after a pause in typing, on leaving the field, or at once on Enter. */
function MaxPriceFilter(props: { problem: string | undefined; inputRef: RefCallBack; maxPrice: UrlTextFilter; onSubmit(): void }) {
  const { maxPrice, onSubmit } = props;
  return (
    <Field id="filter-max-price" label="Max price (£ per day)" problem={props.problem}>
      {(a11y) => (
        <input
          id="filter-max-price"
          ref={props.inputRef}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="No limit"
          value={maxPrice.value}
          onChange={(e) => maxPrice.onChange(e.target.value)}
          onBlur={maxPrice.flush}
          onKeyDown={(e: KeyboardEvent) => {
            // Enter applies the amount at once (through the form's check) instead of waiting for the pause.
            if (e.key === 'Enter') {
              e.preventDefault();
              onSubmit();
            }
          }}
          className={inputClass}
          {...a11y}
        />
      )}
    </Field>
  );
}

/** A start or end date, applied as it changes. */
function DateFilter(props: {
  id: string;
  label: string;
  problem: string | undefined;
  inputRef: RefCallBack;
  min: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <Field id={props.id} label={props.label} problem={props.problem}>
      {(a11y) => (
        <input
          id={props.id}
          ref={props.inputRef}
          type="date"
          min={props.min}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          className={inputClass}
          {...a11y}
        />
      )}
    </Field>
  );
}

/**
 * The browse filters and the place (near, distance). The URL is their only store: this form reads
 * it and writes it, and the category screen validates it. `problem` is the validation message to
 * show beside its field. The search words have their own box, the search bar, outside this form;
 * 'Clear filters' empties them too.
 */
export function FilterForm({ problem }: { problem: FilterProblem | null }) {
  const { params, updateParams, maxPrice, startDate, messageFor, refOf, setNow, onSubmit } = useFilterForm(problem);
  const today = todayInLondon();
  return (
    <form
      role="search"
      aria-label="Filter items"
      className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      noValidate
      onSubmit={onSubmit}
    >
      <NearFields inputClass={inputClass} nearProblem={messageFor('near')} radiusProblem={messageFor('radius')} field={Field} />
      <MaxPriceFilter problem={messageFor('maxPrice')} inputRef={refOf('maxPrice')} maxPrice={maxPrice} onSubmit={onSubmit} />
      <Field id="filter-min-rating" label="Minimum owner rating" problem={messageFor('minRating')}>
        {(a11y) => (
          <select
            id="filter-min-rating"
            ref={refOf('minRating')}
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
      <DateFilter
        id="filter-start-date"
        label="Start date"
        problem={messageFor('startDate')}
        inputRef={refOf('startDate')}
        min={today}
        value={startDate}
        onChange={(value) => setNow('startDate', value)}
      />
      <DateFilter
        id="filter-end-date"
        label="End date"
        problem={messageFor('endDate')}
        inputRef={refOf('endDate')}
        min={startDate || today}
        value={params.get('endDate') ?? ''}
        onChange={(value) => setNow('endDate', value)}
      />
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

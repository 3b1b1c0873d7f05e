import { useEffect, type KeyboardEvent } from 'react';
import { fieldA11y } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { filterProblems } from '../filter-check.ts';
import { useUpdateParams, useUrlTextFilter } from '../use-filter-url.ts';
import { SearchCombobox } from './search-combobox.tsx';

/**
 * The browse's one search box once the welcome has given way (a category, or All Items with a
 * filter set): the words are written to the URL after a pause in typing, or at once on Enter or on
 * leaving the box. While typing it suggests items and categories (picking one opens it instead).
 * Enter goes through the form pattern (decision 041): words the browse's rule refuses (too long)
 * are named under the box, which takes the focus. `problem` is the same rule's answer for the
 * address (the server's refusal), shown in the same place.
 */
export function SearchBar({ problem }: { problem: string | undefined }) {
  const updateParams = useUpdateParams();
  const search = useUrlTextFilter('search', updateParams);
  const form = useCheckedForm<{ search: string }>({
    defaultValues: { search: search.value },
    check: filterProblems,
    idPrefix: 'filter',
  });
  // The box shows the URL's words (typed, or put there by Back or 'Clear filters'): the form checks those,
  // and its message for older words goes as they change (the words apply as they are typed).
  const { setValue, clearErrors } = form;
  useEffect(() => {
    setValue('search', search.value);
    clearErrors();
  }, [setValue, clearErrors, search.value]);
  const shown = form.problem('search') ?? problem;
  const { ref } = form.register('search');
  const onSubmit = form.submit(() => search.flush());

  return (
    <form role="search" aria-label="Search items" className="max-w-2xl" noValidate onSubmit={onSubmit}>
      <label htmlFor={form.id('search')} className="sr-only">
        Search
      </label>
      <div className="relative">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-600"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <SearchCombobox
          id={form.id('search')}
          ref={ref}
          name="search"
          placeholder="Drill, gazebo, tent..."
          maxLength={200}
          value={search.value}
          onValueChange={search.onChange}
          // The suggestion is opened instead of the words typed: they are not written.
          onPick={search.discard}
          onBlur={search.flush}
          onKeyDown={(e: KeyboardEvent) => {
            // Enter applies the words at once (through the form's check) instead of waiting for the pause.
            if (e.key === 'Enter') {
              e.preventDefault();
              onSubmit();
            }
          }}
          {...fieldA11y(form.id('search'), shown)}
          className="block w-full rounded-lg border border-slate-400 bg-white py-2 pr-3 pl-10 text-slate-900 shadow-sm placeholder:text-slate-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700"
        />
      </div>
      {shown && (
        <p id={`${form.id('search')}-error`} className="mt-1 text-sm text-red-800">
          {shown}
        </p>
      )}
    </form>
  );
}

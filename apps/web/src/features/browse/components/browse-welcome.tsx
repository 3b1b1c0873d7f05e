import { NEAR_MESSAGE, readNear } from '@toolshed/core';
import { useSearchParams } from '../../../lib/router/index.ts';
import { fieldA11y } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { filterProblems } from '../filter-check.ts';
import { withFilter, withPlace } from '../filter-params.ts';
import type { UpdateParams } from '../use-filter-url.ts';
import { SearchCombobox } from './search-combobox.tsx';

/** The heading that takes the focus once a search from the welcome has replaced it with results. */
export const RESULTS_HEADING_ID = 'browse-heading';

/** How far a place typed in the welcome reaches, until the filters say otherwise. */
const WELCOME_RADIUS_MILES = '5';

/**
 * The first screen's welcome, above All Items while no filter is set: what do you need, and where,
 * in one compact band, so the first row of items shows on the first screen too (the categories are
 * the sidebar's, listed once). It sets the same `search`, `near` and `radius` as the filters; with
 * words the results take the welcome's place. While typing, it suggests items and categories
 * (picking one opens it).
 */
export function BrowseWelcome({ updateParams }: { updateParams: UpdateParams }) {
  const [params] = useSearchParams();
  const form = useCheckedForm<{ search: string; near: string }>({
    defaultValues: { search: '', near: params.get('near') ?? '' },
    // The browse's rule: words within its length and, if given, a place it can read.
    check: ({ search, near }) => ({ ...filterProblems({ search }), near: near.trim() && !readNear(near) ? NEAR_MESSAGE : undefined }),
    idPrefix: 'welcome',
    ids: { search: 'welcome-search', near: 'welcome-where' },
  });
  const text = form.watch('search');
  const { ref: searchRef } = form.register('search');

  const search = form.submit((values) => {
    const words = values.search.trim();
    const place = values.near.trim();
    const placeChanged = place !== (params.get('near') ?? '').trim();
    if (!words && !placeChanged) return;
    updateParams((p) => {
      const placed = placeChanged ? withPlace(p, place, place ? (p.get('radius') ?? WELCOME_RADIUS_MILES) : undefined) : p;
      return words ? withFilter(placed, 'search', words) : placed;
    });
    // The focus moves to the results' heading (with words, the welcome gives way to them).
    requestAnimationFrame(() => document.getElementById(RESULTS_HEADING_ID)?.focus());
  });

  return (
    <section aria-label="Find a tool" className="-mx-4 bg-emerald-900 px-4 py-4 text-white sm:mx-0 sm:rounded-2xl sm:px-6 sm:py-5">
      <form role="search" aria-label="Search all items" onSubmit={search} className="space-y-1.5">
        <label htmlFor="welcome-search" className="block text-xl font-bold tracking-tight sm:text-2xl">
          What do you need?
        </label>
        {/* On a phone the question says enough; the first results must still show on the first screen. */}
        <p className="hidden text-emerald-50 sm:block">Borrow tools and equipment from your neighbours, by the day.</p>
        {/* The suggestions open under the whole row, wide enough for an item's name on a phone too. */}
        <div className="relative flex max-w-2xl gap-2 pt-1">
          <SearchCombobox
            id={form.id('search')}
            ref={searchRef}
            name="search"
            value={text}
            onValueChange={(value) => form.setValue('search', value)}
            {...fieldA11y(form.id('search'), form.problem('search'))}
            placeholder="Drill, ladder, gazebo..."
            maxLength={100}
            className="min-w-0 flex-[3_1_0] rounded-lg border-0 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
          />
          <label htmlFor={form.id('near')} className="sr-only">
            Where? A UK postcode or a town
          </label>
          <input
            {...form.field('near')}
            type="text"
            placeholder="Where?"
            maxLength={60}
            autoComplete="postal-code"
            className="min-w-0 flex-[2_1_0] rounded-lg border-0 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
          />
          <button
            type="submit"
            className="shrink-0 rounded-lg bg-amber-300 px-3 py-2.5 font-semibold sm:px-4 text-slate-900 hover:bg-amber-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Search
          </button>
        </div>
        {/* The band's row holds both boxes: their messages come under it, each tied to its box. */}
        {(['search', 'near'] as const).map(
          (name) =>
            form.problem(name) && (
              <p key={name} id={`${form.id(name)}-error`} role="alert" className="font-semibold text-amber-200">
                {form.problem(name)}
              </p>
            ),
        )}
      </form>
    </section>
  );
}

import { NEAR_MESSAGE, readNear } from '@toolshed/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from '../../../lib/router/index.ts';
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
  const [text, setText] = useState('');
  const [where, setWhere] = useState(() => params.get('near') ?? '');
  const [whereProblem, setWhereProblem] = useState<string | null>(null);

  function search(event: FormEvent) {
    event.preventDefault();
    const words = text.trim();
    const place = where.trim();
    if (place && !readNear(place)) {
      setWhereProblem(NEAR_MESSAGE);
      document.getElementById('welcome-where')?.focus();
      return;
    }
    setWhereProblem(null);
    const placeChanged = place !== (params.get('near') ?? '').trim();
    if (!words && !placeChanged) return;
    updateParams((p) => {
      const placed = placeChanged ? withPlace(p, place, place ? (p.get('radius') ?? WELCOME_RADIUS_MILES) : undefined) : p;
      return words ? withFilter(placed, 'search', words) : placed;
    });
    // The focus moves to the results' heading (with words, the welcome gives way to them).
    requestAnimationFrame(() => document.getElementById(RESULTS_HEADING_ID)?.focus());
  }

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
            id="welcome-search"
            value={text}
            onValueChange={setText}
            placeholder="Drill, ladder, gazebo..."
            maxLength={100}
            className="min-w-0 flex-[3_1_0] rounded-lg border-0 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
          />
          <label htmlFor="welcome-where" className="sr-only">
            Where? A UK postcode or a town
          </label>
          <input
            id="welcome-where"
            type="text"
            value={where}
            onChange={(e) => setWhere(e.target.value)}
            placeholder="Where?"
            maxLength={60}
            autoComplete="postal-code"
            aria-invalid={whereProblem ? true : undefined}
            aria-describedby={whereProblem ? 'welcome-where-problem' : undefined}
            className="min-w-0 flex-[2_1_0] rounded-lg border-0 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
          />
          <button
            type="submit"
            className="shrink-0 rounded-lg bg-amber-300 px-3 py-2.5 font-semibold sm:px-4 text-slate-900 hover:bg-amber-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Search
          </button>
        </div>
        {whereProblem && (
          <p id="welcome-where-problem" role="alert" className="font-semibold text-amber-200">
            {whereProblem}
          </p>
        )}
      </form>
    </section>
  );
}

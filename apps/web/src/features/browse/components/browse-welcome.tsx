import { NEAR_MESSAGE, readNear } from '@toolshed/core';
import type { ApiCategory } from '@toolshed/core/contract';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { withFilter, withPlace } from '../filter-params.ts';
import type { UpdateParams } from '../use-filter-url.ts';
import { SearchCombobox } from './search-combobox.tsx';

/** The heading that takes the focus once a search from the welcome has replaced it with results. */
export const RESULTS_HEADING_ID = 'browse-heading';

/** How far a place typed in the welcome reaches, until the filters say otherwise. */
const WELCOME_RADIUS_MILES = '5';

/**
 * The first screen's welcome, above All Items while no filter is set: what do you need, and where,
 * then the categories as tiles with a photo of what each holds. It sets the same `search`, `near`
 * and `radius` as the filters; with words the results take the welcome's place. While typing, it
 * suggests items and categories (picking one opens it).
 */
export function BrowseWelcome({ categories, updateParams }: { categories: ApiCategory[]; updateParams: UpdateParams }) {
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
    <section
      aria-label="Find a tool"
      className="-mx-4 space-y-4 bg-emerald-900 px-4 py-5 text-white sm:mx-0 sm:rounded-2xl sm:px-6 sm:py-6"
    >
      <form role="search" aria-label="Search all items" onSubmit={search} className="space-y-2">
        <label htmlFor="welcome-search" className="block text-2xl font-bold tracking-tight sm:text-3xl">
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
      <nav aria-label="Browse by category">
        <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pt-1 pb-2">
          {categories.map((category) => (
            <li key={category.id} className="w-28 shrink-0 snap-start">
              <CategoryTile category={category} />
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

function CategoryTile({ category }: { category: ApiCategory }) {
  return (
    <Link
      to={`/category/${encodeURIComponent(category.id)}`}
      className="group block overflow-hidden rounded-xl bg-white text-slate-900 shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
    >
      {category.picture ? (
        // The tile's words name the category; the photo only shows it.
        <img
          src={category.picture.thumbUrl}
          alt=""
          width={112}
          height={75}
          loading="lazy"
          decoding="async"
          className="h-14 w-28 object-cover transition-transform group-hover:scale-105 sm:h-[75px]"
        />
      ) : (
        <span aria-hidden="true" className="block h-14 w-28 bg-emerald-100 sm:h-[75px]" />
      )}
      <span className="block px-2 pt-1.5 text-sm leading-tight font-semibold">{category.name}</span>
      <span className="block px-2 pb-2 text-xs text-slate-700">
        {category.itemCount} {category.itemCount === 1 ? 'item' : 'items'}
      </span>
    </Link>
  );
}

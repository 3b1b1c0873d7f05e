import type { ApiCategory } from '@toolshed/core/contract';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { withFilter } from '../filter-params.ts';
import type { UpdateParams } from '../use-filter-url.ts';

/** The heading that takes the focus once a search from the welcome has replaced it with results. */
export const RESULTS_HEADING_ID = 'browse-heading';

/**
 * The first screen's welcome, above All Items while no filter is set: one question and a search box,
 * then the categories as tiles with a photo of what each holds. Searching sets the same `search`
 * filter as the filter form, and the results take the welcome's place.
 */
export function BrowseWelcome({ categories, updateParams }: { categories: ApiCategory[]; updateParams: UpdateParams }) {
  const [text, setText] = useState('');

  function search(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    updateParams((p) => withFilter(p, 'search', text.trim()));
    // The welcome goes with the search: the focus moves to the results' heading, not to the page's top.
    requestAnimationFrame(() => document.getElementById(RESULTS_HEADING_ID)?.focus());
  }

  return (
    <section aria-label="Find a tool" className="-mx-4 space-y-4 bg-emerald-900 px-4 py-5 text-white sm:mx-0 sm:rounded-2xl sm:px-6 sm:py-6">
      <form role="search" aria-label="Search all items" onSubmit={search} className="space-y-2">
        <label htmlFor="welcome-search" className="block text-2xl font-bold tracking-tight sm:text-3xl">
          What do you need?
        </label>
        <p className="text-emerald-50">Borrow tools and equipment from your neighbours, by the day.</p>
        <div className="flex max-w-xl gap-2 pt-1">
          <input
            id="welcome-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Drill, ladder, gazebo..."
            maxLength={100}
            className="min-w-0 flex-1 rounded-lg border-0 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
          />
          <button
            type="submit"
            className="rounded-lg bg-amber-300 px-4 py-2.5 font-semibold text-slate-900 hover:bg-amber-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Search
          </button>
        </div>
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
        <img src={category.picture.thumbUrl} alt="" width={112} height={75} loading="lazy" decoding="async" className="h-[75px] w-28 object-cover transition-transform group-hover:scale-105" />
      ) : (
        <span aria-hidden="true" className="block h-[75px] w-28 bg-emerald-100" />
      )}
      <span className="block px-2 pt-1.5 text-sm leading-tight font-semibold">{category.name}</span>
      <span className="block px-2 pb-2 text-xs text-slate-700">
        {category.itemCount} {category.itemCount === 1 ? 'item' : 'items'}
      </span>
    </Link>
  );
}

import { ALL_CATEGORY_ID } from '@toolshed/core';
import { useId, useState } from 'react';
import { NavLink } from '../../../lib/router/index.ts';
import { useCategories } from '../../../data/get-categories.ts';

function CategoryLink({ to, name, count, onPick }: { to: string; name: string; count: number; onPick: () => void }) {
  return (
    <NavLink
      to={to}
      onClick={onPick}
      className={({ isActive }) =>
        `flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm ${
          isActive ? 'bg-emerald-50 font-semibold text-emerald-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
        }`
      }
    >
      <span>{name}</span>
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
        {count}
        <span className="sr-only"> {count === 1 ? 'item' : 'items'}</span>
      </span>
    </NavLink>
  );
}

function ListSkeleton() {
  return (
    <ul className="space-y-2 py-2" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="h-8 animate-pulse rounded-md bg-slate-200" />
      ))}
    </ul>
  );
}

/**
 * Category navigation: a name filter, All Items, then every category with its count. A side column
 * on wide screens; a collapsible 'Categories' panel above the content on small ones.
 */
export function CategorySidebar() {
  const categories = useCategories();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const searchId = useId();
  const words = query.trim().toLowerCase();
  const shown = categories.data?.categories.filter((c) => c.name.toLowerCase().includes(words)) ?? [];
  const collapse = () => setOpen(false);

  return (
    <nav aria-label="Categories" className="md:w-64 md:shrink-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-left font-semibold text-slate-900 md:hidden"
      >
        Categories
        <svg viewBox="0 0 20 20" className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true">
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div
        id={panelId}
        className={`${open ? 'block' : 'hidden'} mt-2 rounded-lg border border-slate-200 bg-white p-3 md:mt-0 md:block md:border-0 md:bg-transparent md:p-0`}
      >
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase md:block" aria-hidden="true">
          Categories
        </p>
        {/* Not 'Search ...': the item filter below is labelled 'Search', and names must not overlap. */}
        <label htmlFor={searchId} className="sr-only">
          Filter categories
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Search categories..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mb-2 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm placeholder:text-slate-500"
        />
        {categories.isPending ? (
          <ListSkeleton />
        ) : categories.isError ? (
          <p className="px-3 py-2 text-sm text-slate-700">Categories could not be loaded.</p>
        ) : (
          <ul className="space-y-0.5">
            <li>
              <CategoryLink to={`/category/${ALL_CATEGORY_ID}`} name="All Items" count={categories.data.totalItems} onPick={collapse} />
            </li>
            {shown.map((c) => (
              <li key={c.id}>
                <CategoryLink to={`/category/${c.id}`} name={c.name} count={c.itemCount} onPick={collapse} />
              </li>
            ))}
            {shown.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">No categories match '{query.trim()}'</li>}
          </ul>
        )}
      </div>
    </nav>
  );
}

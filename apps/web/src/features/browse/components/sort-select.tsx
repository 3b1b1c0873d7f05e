import { BROWSE_SORTS, SORT_LABELS } from '@toolshed/core';
import { useId } from 'react';
import { useSearchParams } from '../../../lib/router/index.ts';
import { withFilter } from '../filter-params.ts';
import { useUpdateParams } from '../use-filter-url.ts';

/**
 * The order of the results, in the URL as `sort`. The first choice is the default: nearest first
 * with a place, 'Best match' (photos and rated owners first) without one.
 */
export function SortSelect() {
  const [params] = useSearchParams();
  const updateParams = useUpdateParams();
  const id = useId();
  const withPlace = (params.get('near') ?? '') !== '';
  const chosen = params.get('sort') ?? '';
  const others = BROWSE_SORTS.filter((s) => s !== 'nearest');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Sort by
      </label>
      <select
        id={id}
        value={withPlace && chosen === 'nearest' ? '' : chosen}
        onChange={(e) => updateParams((p) => withFilter(p, 'sort', e.target.value))}
        className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm"
      >
        <option value="">{withPlace ? SORT_LABELS.nearest : SORT_LABELS.relevance}</option>
        {others.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

import type { RestOfList } from '../lib/use-rest-of-list.ts';

/** "Show more" under a list longer than its first page, with how much is shown (announced as it grows). */
export function ShowMore<T>({ shown, total, rest, what }: { shown: number; total: number; rest: RestOfList<T>; what: string }) {
  // A list that fits its first page needs neither.
  if (shown >= total && rest.entries.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {shown} of {total} {what}
      </p>
      {shown < total && (
        <button
          type="button"
          onClick={rest.loadMore}
          disabled={rest.loading}
          className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
        >
          {rest.loading ? 'Loading...' : `Show more ${what}`}
        </button>
      )}
      {rest.error && (
        <p role="alert" className="text-sm text-red-700">
          {rest.error}
        </p>
      )}
    </div>
  );
}

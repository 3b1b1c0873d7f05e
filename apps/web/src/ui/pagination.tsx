/**
 * Previous / Next with where we are. When the total is only known to be at least some number
 * (`more`), the page count is shown as a lower bound ('Page 3 of 42+') and Next stays available
 * while the current page is full.
 */
export function Pagination({
  page,
  pageCount,
  onPage,
  more = false,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  more?: boolean;
}) {
  const button =
    'rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';
  const known = Math.max(pageCount, page);
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-4">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {known.toLocaleString('en-GB')}
        {more ? '+' : ''}
      </p>
      <button type="button" className={button} disabled={!more && page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

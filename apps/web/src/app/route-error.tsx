import { Link, useRouteError } from '../lib/router/index.ts';
import { SimplePage } from '../ui/page-main.tsx';

/**
 * Shown when a page fails to render. `bare` is the outermost boundary, used when even the layout
 * failed, so it must not rely on router links or providers working.
 */
export function RouteError({ bare = false }: { bare?: boolean }) {
  // Unknown addresses render the not-found page through the catch-all route, so whatever reaches
  // here is a real failure.
  console.error(useRouteError());
  const body = (
    <>
      <p>Sorry, this page could not be shown. Reloading usually helps.</p>
      <p className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
        >
          Reload the page
        </button>
        {bare ? (
          <a href="/category/all" className="rounded-md px-4 py-2 font-medium text-emerald-800 underline">
            Browse all items
          </a>
        ) : (
          <Link to="/category/all" className="rounded-md px-4 py-2 font-medium text-emerald-800 underline">
            Browse all items
          </Link>
        )}
      </p>
    </>
  );
  return <SimplePage title="Something went wrong">{body}</SimplePage>;
}

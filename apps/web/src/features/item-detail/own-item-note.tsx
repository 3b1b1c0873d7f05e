import { Link } from '../../lib/router/index.ts';

/** In place of Add to Wheelbarrow on the owner's own listing: nobody rents from themselves. */
export function OwnItemNote({ itemId }: { itemId: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white p-3 ring-1 ring-slate-300">
      <p className="font-semibold text-slate-900">This is your item</p>
      <Link
        to={`/edit-item/${encodeURIComponent(itemId)}`}
        className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-900"
      >
        Edit
      </Link>
    </div>
  );
}

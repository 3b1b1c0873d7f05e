import { Link } from '../lib/router/index.ts';

export function EmptyWheelbarrow() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="text-lg font-semibold text-slate-900">Your wheelbarrow is empty</p>
      <p className="mt-1 text-slate-700">Find something to rent, pick your dates and add it to your wheelbarrow.</p>
      <p className="mt-4">
        <Link to="/category/all" className="font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950">
          Browse all items
        </Link>
      </p>
    </div>
  );
}

import { formatDate } from '@toolshed/core';
import type { OwnerItem } from '@toolshed/core/contract';
import { Link } from '../../../lib/router/index.ts';
import { useLentRentals } from '../../../data/rental-actions.ts';
import { ReviewLink } from '../../../ui/review-link.tsx';

const SHOWN = 3;

/** The item's latest returned rentals, each with 'Leave a review' or the rating the owner gave. */
export function ReturnedRentals({ item }: { item: OwnerItem }) {
  const lent = useLentRentals();
  const returned = (lent.data ?? []).filter((r) => r.item.id === item.id && r.status === 'completed').slice(0, SHOWN);
  if (returned.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label={`Returned rentals of ${item.name}`}>
      {returned.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm">
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-900">Returned</span>
          <Link to={`/rentals/${encodeURIComponent(r.id)}`} className="text-slate-800 underline underline-offset-2">
            {r.renter.name} · {formatDate(r.startDate)} to {formatDate(r.endDate)}
          </Link>
          <span className="ml-auto">
            <ReviewLink rental={r} />
          </span>
        </li>
      ))}
    </ul>
  );
}

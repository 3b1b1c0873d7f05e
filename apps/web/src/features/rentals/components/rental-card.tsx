import { formatDate, formatPence } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { Link } from '../../../lib/router/index.ts';
import { daysText } from '../../../lib/days-text.ts';
import { ReviewLink } from '../../../ui/review-link.tsx';
import { RentalStatusBadge } from '../../../ui/rental-status-badge.tsx';

/** One rental in the My Rentals lists; the item name links to the rental's page. */
export function RentalCard({ rental }: { rental: RentalView }) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
      {rental.item.imageUrl ? (
        <img src={rental.item.imageUrl} alt="" width={96} height={64} className="h-16 w-24 shrink-0 rounded object-cover" />
      ) : (
        <span className="h-16 w-24 shrink-0 rounded bg-slate-200" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold break-words">
            <Link
              to={`/rentals/${encodeURIComponent(rental.id)}`}
              className="text-emerald-800 underline underline-offset-4 hover:text-emerald-950"
            >
              {rental.item.name}
            </Link>
          </h2>
          <RentalStatusBadge rental={rental} />
        </div>
        <p className="mt-1 text-slate-700">
          {formatDate(rental.startDate)} to {formatDate(rental.endDate)} · {daysText(rental.days)}
        </p>
        <p className="font-medium text-slate-900">{formatPence(rental.totalPence)}</p>
        <div className="mt-2">
          <ReviewLink rental={rental} />
        </div>
      </div>
    </li>
  );
}

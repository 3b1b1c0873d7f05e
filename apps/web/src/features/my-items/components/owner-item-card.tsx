import { categoryName, formatPence, UNDER_REVIEW_NOTE } from '@toolshed/core';
import type { OwnerItem } from '@toolshed/core/contract';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { RentalPeriods, smallButtonClass } from './rental-periods.tsx';
import { ReturnedRentals } from './returned-rentals.tsx';

/** One of the owner's items in My Items: what renters see of it, its rentals and its actions (`actions` after Edit and Messages). */
export function OwnerItemCard({ item, actions }: { item: OwnerItem; actions?: ReactNode }) {
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row">
      {item.imageUrl ? (
        <img src={item.imageUrl} alt="" width={144} height={96} className="h-24 w-36 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex h-24 w-36 shrink-0 items-center justify-center rounded bg-slate-100 text-xs text-slate-600">No image</span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold break-words text-slate-900">{item.name}</h2>
          {!item.available && <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Not listed</span>}
          {item.underReview && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Under review</span>}
        </div>
        {item.underReview && <p className="text-sm text-amber-900">{UNDER_REVIEW_NOTE}</p>}
        <p className="font-semibold text-emerald-800">{formatPence(item.dailyRatePence)} / day</p>
        <p className="text-sm text-slate-700">{categoryName(item.categoryId) ?? item.categoryId}</p>
        {/* How many members keep it in their Saved list: a count, never who. */}
        {item.savedBy > 0 && <p className="text-sm font-medium text-rose-800">Saved by {item.savedBy}</p>}
        <RentalPeriods item={item} />
        <ReturnedRentals item={item} />
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={`/edit-item/${encodeURIComponent(item.id)}`} aria-label={`Edit ${item.name}`} className={smallButtonClass}>
            Edit
          </Link>
          <Link
            to={`/item/${encodeURIComponent(item.id)}/messages`}
            aria-label={`Messages about ${item.name}`}
            className={smallButtonClass}
          >
            Messages
          </Link>
          {actions}
        </div>
      </div>
    </li>
  );
}

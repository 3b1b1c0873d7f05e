import { Link } from '../../lib/router/index.ts';
import type { OwnerSummary } from '@toolshed/core/contract';
import { StarRating } from '../../ui/star-rating.tsx';

/** The owner's name linking to their page, with their rating underneath. */
export function OwnerLink({ owner }: { owner: OwnerSummary }) {
  return (
    <div className="flex items-center gap-3">
      {owner.picture ? (
        <img src={owner.picture} alt="" className="h-10 w-10 rounded-full object-cover" width={40} height={40} />
      ) : (
        <span
          className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-800"
          aria-hidden="true"
        >
          {owner.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="flex flex-col">
        <Link
          to={`/owner/${encodeURIComponent(owner.id)}`}
          className="font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {owner.name}
        </Link>
        <StarRating rating={owner.rating} totalRatings={owner.totalRatings} />
      </div>
    </div>
  );
}

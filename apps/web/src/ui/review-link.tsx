import type { RentalView } from '@toolshed/core/contract';
import { Link } from '../lib/router/index.ts';
import { ReviewStars } from './review-stars.tsx';

/** For a returned rental: 'Leave a review' while the user has not, else the rating they gave. */
export function ReviewLink({ rental }: { rental: Pick<RentalView, 'id' | 'status' | 'myReview' | 'item'> }) {
  if (rental.status !== 'completed') return null;
  if (rental.myReview) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        Your rating: <ReviewStars rating={rental.myReview.rating} />
      </p>
    );
  }
  return (
    <Link
      to={`/rentals/${encodeURIComponent(rental.id)}#review`}
      aria-label={`Leave a review: ${rental.item.name}`}
      className="inline-block rounded-md border border-emerald-700 px-3 py-1.5 text-sm font-medium text-emerald-800 hover:bg-emerald-50"
    >
      Leave a review
    </Link>
  );
}

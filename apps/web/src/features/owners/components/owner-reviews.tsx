import { formatDate, todayInLondon } from '@toolshed/core';
import type { OwnerProfile, PublicReview } from '@toolshed/core/contract';
import { useRestOfList } from '../../../lib/use-rest-of-list.ts';
import { ReviewStars } from '../../../ui/review-stars.tsx';
import { ShowMore } from '../../../ui/show-more.tsx';

/** A review's timestamp as its calendar day in London, like every date in the product. */
const reviewDay = (timestamp: string) => formatDate(todayInLondon(new Date(timestamp)));

const reviewId = (r: PublicReview) => r.id;

/** The reviews an owner received, newest first (the API's order): the profile's first page, and more a page at a time. */
export function OwnerReviews({ owner }: { owner: Pick<OwnerProfile, 'id' | 'reviews' | 'reviewsTotal'> }) {
  const first = owner.reviews;
  const rest = useRestOfList(`/api/owners/${encodeURIComponent(owner.id)}/reviews`, 'reviews', first, Math.max(first.length, 1), reviewId);
  const reviews = [...first, ...rest.entries];
  if (reviews.length === 0) return <p className="text-slate-700">No reviews yet</p>;
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {reviews.map((review) => (
          <li key={review.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 className="font-semibold text-slate-900">{review.reviewerName}</h3>
              <ReviewStars rating={review.rating} />
              <span className="text-sm text-slate-600">{reviewDay(review.date)}</span>
            </div>
            <p className="mt-1 text-sm text-slate-700">{review.itemName ? `Rented: ${review.itemName}` : 'Unknown Item'}</p>
            {review.comment && <p className="mt-2 text-slate-800">{review.comment}</p>}
          </li>
        ))}
      </ul>
      <ShowMore shown={reviews.length} total={Math.max(owner.reviewsTotal, reviews.length)} rest={rest} what="reviews" />
    </div>
  );
}

import { formatDate, todayInLondon } from '@toolshed/core';
import type { RentalView, ReviewBrief } from '@toolshed/core/contract';
import { ReviewStars } from '../../../ui/review-stars.tsx';
import { ReviewForm } from './review-form.tsx';

const day = (timestamp: string) => formatDate(todayInLondon(new Date(timestamp)));

function Shown({ title, review }: { title: string; review: ReviewBrief }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-x-3">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <ReviewStars rating={review.rating} />
        <span className="text-sm text-slate-600">{day(review.date)}</span>
      </div>
      {review.comment && <p className="mt-1 text-slate-800">{review.comment}</p>}
    </div>
  );
}

/** Both sides' reviews of a returned rental, double-blind, and the form while the user has not reviewed. */
export function RentalReviews({ rental }: { rental: RentalView }) {
  if (rental.status !== 'completed') return null;
  const other = rental.role === 'renter' ? rental.owner.name : rental.renter.name;
  const canReview = rental.actions.includes('review_by_renter') || rental.actions.includes('review_by_owner');
  const visibleFrom = rental.reviewsVisibleFrom ? day(rental.reviewsVisibleFrom) : null;
  return (
    <section aria-labelledby="rental-reviews" id="review" className="space-y-3">
      <h2 id="rental-reviews" className="text-xl font-semibold text-slate-900">
        Reviews
      </h2>
      {rental.myReview && <Shown title="Your review" review={rental.myReview} />}
      {rental.myReview && !rental.theirReview && (
        <p className="text-slate-700">
          Your review is hidden until {other} reviews too{visibleFrom ? `, or until ${visibleFrom}` : ''}.
        </p>
      )}
      {rental.theirReview && <Shown title={`${other}'s review`} review={rental.theirReview} />}
      {rental.theirReviewHidden && !rental.myReview && (
        <p className="text-slate-700">{other} has reviewed this rental. You will see their review once you have written yours.</p>
      )}
      {canReview && <ReviewForm rental={rental} />}
    </section>
  );
}

import { formatDate, todayInLondon } from '@toolshed/core';
import type { Review } from '@toolshed/core/contract';
import { Link } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { ReviewStars } from '../../../ui/review-stars.tsx';
import { useMyReviews } from '../api/my-reviews.ts';

const day = (timestamp: string) => formatDate(todayInLondon(new Date(timestamp)));
const linkClass = 'font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950';
const h2 = 'text-xl font-semibold text-slate-900';

function ReviewItem({ review, written }: { review: Review; written: boolean }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-semibold text-slate-900">{written ? `You reviewed ${review.revieweeName}` : review.reviewerName}</h3>
        <ReviewStars rating={review.rating} />
        <span className="text-sm text-slate-600">{day(review.date)}</span>
        {written && !review.visible && (
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Hidden until they review too</span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {review.itemName ? `Rented: ${review.itemName}` : 'Unknown Item'}
        {review.reviewerRole === 'owner' ? ' (owner reviewing the renter)' : ''}
      </p>
      {review.comment && <p className="mt-2 text-slate-800">{review.comment}</p>}
    </li>
  );
}

/** Profile > Reviews: reviews to write, reviews received (visible ones) and reviews written. */
export function ProfileReviews() {
  const reviews = useMyReviews();
  if (reviews.isPending) return <StatusMessage>Loading your reviews...</StatusMessage>;
  if (reviews.isError)
    return (
      <ErrorState title="Your reviews could not be loaded" message={errorMessage(reviews.error)} onRetry={() => void reviews.refetch()} />
    );
  const { received, written, toWrite } = reviews.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="reviews-to-write" className="space-y-3">
        <h2 id="reviews-to-write" className={h2}>
          To review
        </h2>
        {toWrite.length === 0 ? (
          <p className="text-slate-700">Nothing to review right now.</p>
        ) : (
          <ul className="space-y-2">
            {toWrite.map((r) => (
              <li key={r.rentalId} className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-3 py-2">
                <span className="text-slate-800">
                  {r.itemName} · {r.role === 'renter' ? `rented from ${r.otherPartyName}` : `rented by ${r.otherPartyName}`} · returned
                  after {formatDate(r.endDate)}
                </span>
                <Link
                  to={`/rentals/${encodeURIComponent(r.rentalId)}#review`}
                  className={linkClass}
                  aria-label={`Leave a review: ${r.itemName}`}
                >
                  Leave a review
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="reviews-received" className="space-y-3">
        <h2 id="reviews-received" className={h2}>
          Reviews of you
        </h2>
        {received.length === 0 ? (
          <p className="text-slate-700">No reviews yet</p>
        ) : (
          <ul className="space-y-3">
            {received.map((r) => (
              <ReviewItem key={r.id} review={r} written={false} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="reviews-written" className="space-y-3">
        <h2 id="reviews-written" className={h2}>
          Reviews you wrote
        </h2>
        {written.length === 0 ? (
          <p className="text-slate-700">You have not written any reviews yet.</p>
        ) : (
          <ul className="space-y-3">
            {written.map((r) => (
              <ReviewItem key={r.id} review={r} written />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import type { ReactNode } from 'react';
import { formatDate, todayInLondon } from '@toolshed/core';
import type { Review, ReviewToWrite } from '@toolshed/core/contract';
import { Link } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { ReviewStars } from '../../../ui/review-stars.tsx';
import { useRestOfList } from '../../../lib/use-rest-of-list.ts';
import { ShowMore } from '../../../ui/show-more.tsx';
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

const reviewId = (r: Review) => r.id;
const rentalId = (r: ReviewToWrite) => r.rentalId;

/** Profile > Reviews: reviews to write, reviews received (visible ones) and reviews written, each longer list a page at a time. */
export function ProfileReviews() {
  const reviews = useMyReviews();
  if (reviews.isPending) return <StatusMessage>Loading your reviews...</StatusMessage>;
  if (reviews.isError)
    return (
      <ErrorState title="Your reviews could not be loaded" message={errorMessage(reviews.error)} onRetry={() => void reviews.refetch()} />
    );
  // A new answer (a review written since) starts the longer lists afresh from their first page.
  return <ReviewLists key={reviews.dataUpdatedAt} data={reviews.data} />;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className={h2}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function ReviewLists({ data }: { data: NonNullable<ReturnType<typeof useMyReviews>['data']> }) {
  const { totals, pageSize } = data;
  const moreToWrite = useRestOfList('/api/me/reviews/to-write', 'rentals', data.toWrite, pageSize, rentalId);
  const moreReceived = useRestOfList('/api/me/reviews/received', 'reviews', data.received, pageSize, reviewId);
  const moreWritten = useRestOfList('/api/me/reviews/written', 'reviews', data.written, pageSize, reviewId);
  const toWrite = [...data.toWrite, ...moreToWrite.entries];
  const received = [...data.received, ...moreReceived.entries];
  const written = [...data.written, ...moreWritten.entries];
  return (
    <div className="space-y-8">
      <Section id="reviews-to-write" title="To review">
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
        <ShowMore shown={toWrite.length} total={Math.max(totals.toWrite, toWrite.length)} rest={moreToWrite} what="rentals to review" />
      </Section>
      <Section id="reviews-received" title="Reviews of you">
        {received.length === 0 ? (
          <p className="text-slate-700">No reviews yet</p>
        ) : (
          <ul className="space-y-3">
            {received.map((r) => (
              <ReviewItem key={r.id} review={r} written={false} />
            ))}
          </ul>
        )}
        <ShowMore shown={received.length} total={Math.max(totals.received, received.length)} rest={moreReceived} what="reviews of you" />
      </Section>
      <Section id="reviews-written" title="Reviews you wrote">
        {written.length === 0 ? (
          <p className="text-slate-700">You have not written any reviews yet.</p>
        ) : (
          <ul className="space-y-3">
            {written.map((r) => (
              <ReviewItem key={r.id} review={r} written />
            ))}
          </ul>
        )}
        <ShowMore shown={written.length} total={Math.max(totals.written, written.length)} rest={moreWritten} what="reviews you wrote" />
      </Section>
    </div>
  );
}

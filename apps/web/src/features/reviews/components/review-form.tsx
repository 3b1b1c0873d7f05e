import { REVIEW_COMMENT_MAX } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSubmitReview } from '../../../data/rental-actions.ts';

const RATINGS = Array.from({ length: 10 }, (_, i) => (10 - i) / 2);
const starsLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/** The user's one review of a returned rental: half stars from 0.5 to 5 and a comment. */
export function ReviewForm({ rental }: { rental: RentalView }) {
  const submit = useSubmitReview(rental);
  const ratingId = useId();
  const commentId = useId();
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const subject = rental.role === 'renter' ? `${rental.owner.name} and the ${rental.item.name}` : rental.renter.name;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (rating === '') return setProblem('Please choose a rating from half a star to five stars');
    setProblem(null);
    submit.mutate({ rating: Number(rating), comment: comment.trim() });
  }

  const error = problem ?? (submit.isError ? errorMessage(submit.error) : null);
  return (
    <form onSubmit={onSubmit} className="flex max-w-xl flex-col gap-3" aria-label="Leave a review" noValidate>
      <p className="text-slate-700">
        Rate {subject}. Your review stays hidden until the other side has reviewed too, or for 14 days after the return.
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={ratingId} className="font-medium text-slate-900">
          Rating
        </label>
        <select
          id={ratingId}
          value={rating}
          onChange={(e) => setRating(e.target.value)}
          aria-invalid={problem ? true : undefined}
          className="w-48 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900"
        >
          <option value="">Choose...</option>
          {RATINGS.map((n) => (
            <option key={n} value={String(n)}>
              {starsLabel(n)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={commentId} className="font-medium text-slate-900">
          Comment (optional)
        </label>
        <textarea
          id={commentId}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={REVIEW_COMMENT_MAX}
          rows={4}
          aria-describedby={`${commentId}-count`}
          className="rounded-md border border-slate-400 px-3 py-2 text-slate-900"
        />
        <span id={`${commentId}-count`} className="text-sm text-slate-600">
          {comment.length} / {REVIEW_COMMENT_MAX.toLocaleString('en-GB')} characters
        </span>
      </div>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={submit.isPending}
        className="self-start rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
      >
        {submit.isPending ? 'Sending...' : 'Submit review'}
      </button>
    </form>
  );
}

import { REVIEW_COMMENT_MAX } from '@toolshed/core';
import { reviewInputSchema, type RentalView } from '@toolshed/core/contract';
import { FormAlert, FormField } from '../../../ui/form-parts.tsx';
import { schemaProblems } from '../../../ui/schema-problems.ts';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { useSubmitReview } from '../../../data/rental-actions.ts';

const RATINGS = Array.from({ length: 10 }, (_, i) => (10 - i) / 2);
const starsLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

interface ReviewValues {
  rating: string;
  comment: string;
}

/** What the API is sent: the rating as a number (none chosen: none sent) and the comment trimmed. */
const reviewInput = ({ rating, comment }: ReviewValues) => ({
  rating: rating === '' ? undefined : Number(rating),
  comment: comment.trim(),
});

/** The user's one review of a returned rental: half stars from 0.5 to 5 and a comment, checked with the API's schema. */
export function ReviewForm({ rental }: { rental: RentalView }) {
  const submit = useSubmitReview(rental);
  const form = useCheckedForm<ReviewValues>({
    defaultValues: { rating: '', comment: '' },
    check: (values) => schemaProblems<ReviewValues>(reviewInputSchema, reviewInput(values)),
    idPrefix: 'review',
  });
  const comment = form.watch('comment');
  const subject = rental.role === 'renter' ? `${rental.owner.name} and the ${rental.item.name}` : rental.renter.name;

  const onSubmit = form.submit((values) =>
    submit.mutateAsync(reviewInput(values) as { rating: number; comment: string }).then(
      () => undefined,
      (error: unknown) => form.serverError(error, ['rating', 'comment']),
    ),
  );

  return (
    <form onSubmit={onSubmit} className="flex max-w-xl flex-col gap-3" aria-label="Leave a review" noValidate>
      <p className="text-slate-700">
        Rate {subject}. Your review stays hidden until the other side has reviewed too, or for 14 days after the return.
      </p>
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <FormField id={form.id('rating')} label="Rating" problem={form.problem('rating')} announce>
        <select {...form.field('rating')} className="mt-1 block w-48 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900">
          <option value="">Choose...</option>
          {RATINGS.map((n) => (
            <option key={n} value={String(n)}>
              {starsLabel(n)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={form.id('comment')} label="Comment (optional)" problem={form.problem('comment')}>
        <textarea
          {...form.field('comment')}
          maxLength={REVIEW_COMMENT_MAX}
          rows={4}
          aria-describedby={form.problem('comment') ? `${form.id('comment')}-error` : `${form.id('comment')}-count`}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900"
        />
        <span id={`${form.id('comment')}-count`} className="text-sm text-slate-600">
          {comment.length} / {REVIEW_COMMENT_MAX.toLocaleString('en-GB')} characters
        </span>
      </FormField>
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

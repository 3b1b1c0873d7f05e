import { Stars } from './star-rating.tsx';

/**
 * One review's rating (half stars from 0.5 to 5): the same stars and the words a screen reader hears.
 * Apart from star-rating.tsx, which the browse page's cards take: reviews are shown on other pages.
 */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center">
      <Stars rating={rating} />
      <span className="sr-only">{`Rated ${rating} out of 5`}</span>
    </span>
  );
}

import { starsFor } from '@toolshed/core';

const STAR = 'M10 1.6l2.5 5.4 5.8.7-4.3 4 1.1 5.8L10 14.6l-5.1 2.9 1.1-5.8-4.3-4 5.8-.7z';

/** One review's whole-star rating: five decorative stars and the words a screen reader hears. */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center">
      <span className="inline-flex" aria-hidden="true">
        {starsFor(rating).map((fill, i) => (
          <svg key={i} viewBox="0 0 20 20" className={`h-4 w-4 stroke-amber-700 ${fill === 'empty' ? 'fill-white' : 'fill-amber-500'}`}>
            <path d={STAR} strokeWidth="1.2" />
          </svg>
        ))}
      </span>
      <span className="sr-only">{`Rated ${rating} out of 5`}</span>
    </span>
  );
}

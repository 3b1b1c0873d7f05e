import { formatRating, starsFor } from '@toolshed/core';

export interface StarRatingProps {
  /** Average rating from 1 to 5, or null when nobody has rated yet. */
  rating: number | null;
  totalRatings: number;
  className?: string;
}

/** The words a screen reader hears for a rating; the stars themselves are decorative. */
export function ratingDescription(rating: number | null, totalRatings: number): string {
  if (rating == null) return 'No ratings yet';
  const count = `${totalRatings} ${totalRatings === 1 ? 'rating' : 'ratings'}`;
  return `Rated ${formatRating(rating)} out of 5 from ${count}`;
}

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.8L10 14.9l-5.25 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

function Star({ fill }: { fill: 'full' | 'half' | 'empty' }) {
  // A half star is a filled star clipped to half its width over an empty one, so no SVG ids
  // (gradients) are needed and several ratings on one page never clash.
  const width = fill === 'full' ? '100%' : fill === 'half' ? '50%' : '0%';
  return (
    <span className="relative inline-block h-4 w-4" data-star={fill}>
      <svg viewBox="0 0 20 20" className="absolute inset-0 h-4 w-4 fill-white stroke-amber-700" aria-hidden="true">
        <path d={STAR_PATH} strokeWidth="1.2" />
      </svg>
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width }}>
        <svg viewBox="0 0 20 20" className="h-4 w-4 fill-amber-500 stroke-amber-700" aria-hidden="true">
          <path d={STAR_PATH} strokeWidth="1.2" />
        </svg>
      </span>
    </span>
  );
}

/** Five decorative stars, with halves: 3.5 is three stars and a half. */
export function Stars({ rating }: { rating: number | null }) {
  return (
    <span className="inline-flex" aria-hidden="true">
      {starsFor(rating).map((fill, i) => (
        <Star key={i} fill={fill} />
      ))}
    </span>
  );
}

/** An owner's average rating: five stars with halves plus a text equivalent. */
export function StarRating({ rating, totalRatings, className }: StarRatingProps) {
  return (
    <span className={`inline-flex items-center gap-1.5 ${className ?? ''}`}>
      <Stars rating={rating} />
      {rating == null ? (
        <span className="text-sm text-slate-700">No ratings yet</span>
      ) : (
        <>
          <span className="sr-only">{ratingDescription(rating, totalRatings)}</span>
          <span className="text-sm text-slate-700" aria-hidden="true">
            {formatRating(rating)} ({totalRatings})
          </span>
        </>
      )}
    </span>
  );
}

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StarRating } from './star-rating.tsx';
import { ReviewStars } from './review-stars.tsx';

afterEach(cleanup);

const stars = (container: HTMLElement) => Array.from(container.querySelectorAll('[data-star]')).map((s) => s.getAttribute('data-star'));

describe('StarRating', () => {
  it('reads out the rating and count, and draws four and a half stars for 4.5', () => {
    const { container } = render(<StarRating rating={4.5} totalRatings={12} />);
    expect(screen.getByText('Rated 4.5 out of 5 from 12 ratings')).toBeInTheDocument();
    expect(stars(container)).toEqual(['full', 'full', 'full', 'full', 'half']);
  });

  it('says one rating in the singular', () => {
    render(<StarRating rating={3} totalRatings={1} />);
    expect(screen.getByText('Rated 3.0 out of 5 from 1 rating')).toBeInTheDocument();
  });

  it('says there are no ratings yet for an unrated owner', () => {
    const { container } = render(<StarRating rating={null} totalRatings={0} />);
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.queryByText(/^Rated/)).toBeNull();
    expect(stars(container)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });
});

describe('ReviewStars', () => {
  it('draws a review of 3.5 as three and a half stars and reads out the rating', () => {
    const { container } = render(<ReviewStars rating={3.5} />);
    expect(screen.getByText('Rated 3.5 out of 5')).toBeInTheDocument();
    expect(stars(container)).toEqual(['full', 'full', 'full', 'half', 'empty']);
  });
});

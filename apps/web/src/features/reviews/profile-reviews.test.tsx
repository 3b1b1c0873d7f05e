import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyReviews, Review } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';

const review = (overrides: Partial<Review>): Review => ({
  id: 'rv',
  rating: 4,
  comment: '',
  reviewerId: 'u-2',
  reviewerName: 'Sam Okafor',
  revieweeId: testUser.id,
  revieweeName: testUser.name,
  reviewerRole: 'owner',
  itemId: 'i-1',
  itemName: 'Petrol Lawn Mower',
  rentalId: 'r-1',
  date: '2030-06-05T10:00:00.000Z',
  visible: true,
  ...overrides,
});

const mine: MyReviews = {
  received: [review({ id: 'a', rating: 4.5, comment: 'Careful renter' })],
  written: [
    review({
      id: 'b',
      reviewerId: testUser.id,
      reviewerName: testUser.name,
      revieweeName: 'Sam Okafor',
      reviewerRole: 'renter',
      rating: 2,
      visible: false,
    }),
  ],
  toWrite: [
    { rentalId: 'r-9', itemId: 'i-9', itemName: 'Tile Cutter', role: 'renter', otherPartyName: 'Ada Lovelace', endDate: '2030-06-01' },
  ],
  totals: { received: 1, written: 1, toWrite: 1 },
  pageSize: 20,
};

describe('profile Reviews tab', () => {
  it('lists reviews to write, received and written, with hidden ones marked', async () => {
    fakeServer({ 'GET /api/me/reviews': () => json(mine) }, { user: testUser });
    renderApp('/profile?tab=reviews');
    const toWrite = await screen.findByRole('region', { name: 'To review' });
    expect(within(toWrite).getByRole('link', { name: 'Leave a review: Tile Cutter' }).getAttribute('href')).toBe('/rentals/r-9#review');
    const received = screen.getByRole('region', { name: 'Reviews of you' });
    expect(within(received).getByText('Careful renter')).toBeInTheDocument();
    expect(within(received).getByText('Rated 4.5 out of 5')).toBeInTheDocument();
    const written = screen.getByRole('region', { name: 'Reviews you wrote' });
    expect(within(written).getByText('You reviewed Sam Okafor')).toBeInTheDocument();
    expect(within(written).getByText('Hidden until they review too')).toBeInTheDocument();
  });

  it('shows a longer list a page at a time with Show more, and says how much is shown', async () => {
    const page = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => review({ id: `rv-${from + i}`, comment: `Review number ${from + i}` }));
    const asked: string[] = [];
    fakeServer(
      {
        'GET /api/me/reviews': () => json({ ...mine, received: page(1, 2), totals: { ...mine.totals, received: 5 }, pageSize: 2 }),
        'GET /api/me/reviews/received': ({ url }) => {
          asked.push(url.search);
          const n = Number(url.searchParams.get('page'));
          return json({ reviews: page(2 * n - 1, n === 3 ? 1 : 2), page: n, pageSize: 2, total: 5 });
        },
      },
      { user: testUser },
    );
    const user = userEvent.setup();
    renderApp('/profile?tab=reviews');
    const received = await screen.findByRole('region', { name: 'Reviews of you' });
    expect(within(received).getByText('Showing 2 of 5 reviews of you')).toBeInTheDocument();
    await user.click(within(received).getByRole('button', { name: 'Show more reviews of you' }));
    expect(await within(received).findByText('Review number 4')).toBeInTheDocument();
    expect(within(received).getByText('Showing 4 of 5 reviews of you')).toBeInTheDocument();
    await user.click(within(received).getByRole('button', { name: 'Show more reviews of you' }));
    expect(await within(received).findByText('Review number 5')).toBeInTheDocument();
    expect(within(received).getByText('Showing 5 of 5 reviews of you')).toBeInTheDocument();
    expect(within(received).queryByRole('button', { name: 'Show more reviews of you' })).toBeNull();
    expect(asked).toEqual(['?page=2&pageSize=2', '?page=3&pageSize=2']);
    // The lists that fit their first page offer no more.
    expect(within(screen.getByRole('region', { name: 'Reviews you wrote' })).queryByRole('button')).toBeNull();
  });

  it('shows an error with a retry when the reviews cannot be loaded', async () => {
    fakeServer({ 'GET /api/me/reviews': () => errorJson(500, 'INTERNAL', 'boom') }, { user: testUser });
    renderApp('/profile?tab=reviews');
    expect(within(await screen.findByRole('alert')).getByText('Your reviews could not be loaded')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, formatPence, lineTotalPence, NEAR_MESSAGE, todayInLondon, WANTED_TITLE_MESSAGE } from '@toolshed/core';
import type { WantedOffer, WantedPost } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { WHEELBARROW_STORAGE_KEY } from '../../data/wheelbarrow-store.tsx';

const today = todayInLondon();
const start = addDays(today, 2);
const end = addDays(today, 4);

const post = (overrides: Partial<WantedPost> = {}): WantedPost => ({
  id: 'post-1',
  title: 'Ladder for the weekend',
  details: 'To clear the gutters.',
  categoryId: 'diy-hand-tools',
  categoryName: 'DIY & Hand Tools',
  placeLabel: 'LS6',
  radiusMiles: 5,
  startDate: start,
  endDate: end,
  maxPricePence: 1250,
  status: 'open',
  authorName: 'Maya',
  mine: true,
  createdAt: '2030-01-01T10:00:00.000Z',
  offerCount: 0,
  offers: [],
  ...overrides,
});

const offer = (overrides: Partial<WantedOffer> = {}): WantedOffer => ({
  id: 'offer-1',
  itemId: 'item-1',
  itemName: 'Aluminium step ladder',
  categoryId: 'diy-hand-tools',
  ownerName: 'Olive',
  photoUrl: '/media/ladder-thumb.webp',
  dailyRatePence: 800,
  weeklyRatePence: null,
  bookingMode: 'instant',
  minDays: 1,
  maxDays: 14,
  totalPence: lineTotalPence(800, 3),
  distanceMiles: 0.4,
  offeredAt: '2030-01-01T11:00:00.000Z',
  ...overrides,
});

describe('the wanted form', () => {
  it('names what is missing or wrong under each field and sends nothing', async () => {
    const user = userEvent.setup();
    const server = fakeServer({}, { user: testUser });
    renderApp('/wanted/new');
    await user.click(await screen.findByRole('button', { name: 'Ask your neighbours' }));
    expect(screen.getByText(WANTED_TITLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(NEAR_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Choose a start date')).toBeInTheDocument();
    expect(screen.getByLabelText('What do you need?')).toHaveFocus();
    expect(screen.getByLabelText('What do you need?')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('What do you need?'), 'Ladder');
    await user.type(screen.getByLabelText('Where'), 'LS6 2AB');
    await user.type(screen.getByLabelText('From'), end);
    await user.type(screen.getByLabelText('Until'), start);
    await user.type(screen.getByLabelText('Up to a daily price of (£, optional)'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Ask your neighbours' }));
    expect(screen.getByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(screen.getByText(/Enter a daily price in pounds/)).toBeInTheDocument();
    expect(screen.queryByText(WANTED_TITLE_MESSAGE)).toBeNull();
    expect(server.sent('POST', '/api/wanted')).toHaveLength(0);
  });

  it("sends the post and opens it; shows the server's refusal under its field", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const server = fakeServer(
      {
        'POST /api/wanted': () =>
          refuse
            ? errorJson(400, 'VALIDATION', '"Atlantis" was not found. Enter a UK postcode or a town', { field: 'near' })
            : json(post(), 201),
        'GET /api/wanted/post-1': () => json(post()),
      },
      { user: testUser },
    );
    const { url } = renderApp('/wanted/new');
    await user.type(await screen.findByLabelText('What do you need?'), 'Ladder for the weekend');
    await user.selectOptions(screen.getByLabelText('Category'), 'diy-hand-tools');
    await user.type(screen.getByLabelText('Where'), 'Atlantis');
    await user.selectOptions(screen.getByLabelText('Within'), '3 miles');
    await user.type(screen.getByLabelText('From'), start);
    await user.type(screen.getByLabelText('Until'), end);
    await user.type(screen.getByLabelText('Up to a daily price of (£, optional)'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Ask your neighbours' }));
    expect(await screen.findByText(/"Atlantis" was not found/)).toBeInTheDocument();
    expect(screen.getByLabelText('Where')).toHaveFocus();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Ask your neighbours' }));
    await waitFor(() => expect(url()).toBe('/wanted/post-1'));
    expect(server.sent('POST', '/api/wanted').at(-1)!.body).toEqual({
      title: 'Ladder for the weekend',
      details: undefined,
      categoryId: 'diy-hand-tools',
      near: 'Atlantis',
      radius: '3',
      startDate: start,
      endDate: end,
      maxPrice: '12.50',
    });
    expect(await screen.findByRole('heading', { name: 'Ladder for the weekend' })).toBeInTheDocument();
  });
});

describe('the offers on a post', () => {
  it('shows the author each offer with its photo, prices for the dates and distance, and Book it fills the wheelbarrow for checkout', async () => {
    const user = userEvent.setup();
    fakeServer(
      {
        'GET /api/wanted/post-1': () =>
          json(
            post({
              offerCount: 2,
              offers: [
                offer(),
                offer({
                  id: 'offer-2',
                  itemId: 'item-2',
                  itemName: 'Tall ladder',
                  dailyRatePence: 1000,
                  totalPence: 3000,
                  distanceMiles: 2.5,
                  photoUrl: null,
                }),
              ],
            }),
          ),
      },
      { user: testUser },
    );
    const { url } = renderApp('/wanted/post-1');
    const list = within(await screen.findByRole('region', { name: 'Offers' }));
    const entries = list.getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByRole('heading', { name: 'Aluminium step ladder' })).toBeInTheDocument();
    expect(entries[0]).toHaveTextContent(`${formatPence(800)} a day`);
    expect(entries[0]).toHaveTextContent(`${formatPence(2400)} for 3 days`);
    expect(entries[0]).toHaveTextContent('Offered by Olive · 0.4 miles away');
    expect(entries[0]!.querySelector('img')).toHaveAttribute('src', '/media/ladder-thumb.webp');
    expect(entries[1]).toHaveTextContent(`${formatPence(3000)} for 3 days`);
    expect(entries[1]).toHaveTextContent('2.5 miles away');

    await user.click(list.getByRole('button', { name: 'Book Aluminium step ladder' }));
    await waitFor(() => expect(url()).toBe('/checkout'));
    const lines = JSON.parse(localStorage.getItem(WHEELBARROW_STORAGE_KEY) ?? '[]') as Array<Record<string, unknown>>;
    expect(lines).toEqual([expect.objectContaining({ itemId: 'item-1', startDate: start, endDate: end, days: 3, dailyRatePence: 800 })]);
  });

  it('shows another member no offers but a choice of their listed items to offer, and sends the one chosen', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      {
        'GET /api/wanted/post-1': () =>
          json(
            post({
              mine: false,
              offers: undefined,
              yourItems: [
                { itemId: 'item-7', name: 'Step ladder', dailyRatePence: 700, distanceMiles: 1.2, offered: false },
                { itemId: 'item-8', name: 'Ladder stool', dailyRatePence: 300, distanceMiles: null, offered: false },
              ],
            }),
          ),
        'POST /api/wanted/post-1/offers': () => new Response(null, { status: 204 }),
      },
      { user: testUser },
    );
    renderApp('/wanted/post-1');
    expect(await screen.findByRole('heading', { name: 'Offer one of your items' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
    expect(screen.getByRole('link', { name: 'List a new item for this' })).toHaveAttribute('href', '/add-item');
    await user.selectOptions(screen.getByLabelText('Your item'), 'Ladder stool · £3.00 a day');
    await user.click(screen.getByRole('button', { name: 'Offer this item' }));
    await waitFor(() => expect(server.sent('POST', '/api/wanted/post-1/offers')).toHaveLength(1));
    expect(server.sent('POST', '/api/wanted/post-1/offers')[0]!.body).toEqual({ itemId: 'item-8' });
  });
});

describe('closing a post', () => {
  it('lets the author close an open post, which then says so and offers no second close', async () => {
    const user = userEvent.setup();
    let closed = false;
    const server = fakeServer(
      {
        'GET /api/wanted/post-1': () => json(post({ status: closed ? 'closed' : 'open' })),
        'POST /api/wanted/post-1/close': () => {
          closed = true;
          return json(post({ status: 'closed' }));
        },
      },
      { user: testUser },
    );
    renderApp('/wanted/post-1');
    await user.click(await screen.findByRole('button', { name: 'Close this post' }));
    expect(await screen.findByText(/· Closed$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close this post' })).toBeNull();
    expect(server.sent('POST', '/api/wanted/post-1/close')).toHaveLength(1);
  });
});

describe('the way in', () => {
  it("offers 'Can't find it? Ask your neighbours' when browsing finds nothing", async () => {
    fakeServer({}, { user: testUser });
    renderApp('/category/all?search=unicycle');
    expect(await screen.findByText('No items found matching your criteria')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Can't find it? Ask your neighbours" })).toHaveAttribute('href', '/wanted/new');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../lib/router/index.ts';
import type { ItemDetail } from '@toolshed/core/contract';
import { ItemDetailView } from './item-detail-view.tsx';
import { testItem } from '../../test/item-detail.ts';

vi.mock('./location-map.tsx', () => ({ default: () => <p>Map of the item</p> }));
afterEach(cleanup);

const TODAY = '2030-06-05';

function renderView(item: ItemDetail, initialRange?: { startDate: string; endDate: string }) {
  const onAdd = vi.fn();
  render(
    <MemoryRouter>
      <ItemDetailView item={item} today={TODAY} readOnly={false} onAdd={onAdd} initialRange={initialRange} />
    </MemoryRouter>,
  );
  return { onAdd };
}

describe('the popup: weekly price and request to book', () => {
  it('prices 9 days as one week and two days, with the fee on that', () => {
    renderView(testItem({ dailyRatePence: 1500, weeklyRatePence: 7000, maxDays: 14 }), { startDate: '2030-06-20', endDate: '2030-06-28' });
    expect(screen.getByText('£70.00 per week')).toBeInTheDocument();
    expect(screen.getByText('1 week × £70.00').nextElementSibling).toHaveTextContent('£70.00');
    expect(screen.getByText('2 days × £15.00').nextElementSibling).toHaveTextContent('£30.00');
    expect(screen.getByText('Service fee (10%)').nextElementSibling).toHaveTextContent('£10.00');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('£110.00');
  });

  it('a request item asks to book and says the card is charged only on accept', async () => {
    const user = userEvent.setup();
    const { onAdd } = renderView(testItem({ bookingMode: 'request' }), { startDate: '2030-06-20', endDate: '2030-06-22' });
    const button = screen.getByRole('button', { name: 'Request to book' });
    expect(button).toHaveAccessibleDescription('The owner accepts or declines within 24 hours; your card is charged only if they accept.');
    await user.click(button);
    expect(onAdd).toHaveBeenCalledWith({ startDate: '2030-06-20', endDate: '2030-06-22', days: 3 });
  });

  it('an instant item adds to the wheelbarrow as before', () => {
    renderView(testItem({ bookingMode: 'instant' }), { startDate: '2030-06-20', endDate: '2030-06-22' });
    expect(screen.getByRole('button', { name: 'Add to Wheelbarrow' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Request to book' })).not.toBeInTheDocument();
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemDetail } from '@toolshed/core/contract';
import { ItemDetailView, type ItemDetailViewProps } from './item-detail-view.tsx';
import { testItem } from '../../test/item-detail.ts';

vi.mock('./location-map.tsx', () => ({ default: () => <p>Map of the item</p> }));

afterEach(cleanup);

const TODAY = '2030-06-05';

function renderView(item: ItemDetail = testItem(), props: Partial<ItemDetailViewProps> = {}) {
  const onAdd = vi.fn();
  render(
    <MemoryRouter>
      <ItemDetailView item={item} today={TODAY} readOnly={false} onAdd={onAdd} {...props} />
    </MemoryRouter>,
  );
  return { onAdd };
}

const bookingButton = () =>
  screen.getByRole('button', {
    name: /^(Select Dates to Continue|Unavailable for Selected Dates|Minimum \d+ days required|Maximum \d+ days allowed|Add to Wheelbarrow)$/,
  });
const day = (label: RegExp) => screen.getByRole('button', { name: label });

describe('ItemDetailView', () => {
  it('shows the name, price, description, rental limits and owner', () => {
    renderView();
    expect(screen.getByRole('heading', { level: 2, name: 'Cordless Hedge Trimmer' })).toBeInTheDocument();
    expect(screen.getByText('£12.50 per day')).toBeInTheDocument();
    expect(screen.getByText('Light trimmer with two batteries.')).toBeInTheDocument();
    expect(screen.getByText('Minimum rental: 2 days')).toBeInTheDocument();
    expect(screen.getByText('Maximum rental: 5 days')).toBeInTheDocument();
    const owner = screen.getByRole('link', { name: 'Priya Shah' });
    expect(owner.getAttribute('href')).toBe('/owner/owner-7');
    expect(screen.getByText('Rated 4.5 out of 5 from 12 ratings')).toBeInTheDocument();
  });

  it('asks for dates until a range is chosen', () => {
    renderView();
    expect(bookingButton().textContent).toBe('Select Dates to Continue');
    expect(bookingButton().hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['a range over a booked day', { startDate: '2030-06-10', endDate: '2030-06-14' }, 'Unavailable for Selected Dates'],
    ['a range starting before today', { startDate: '2030-06-01', endDate: '2030-06-03' }, 'Unavailable for Selected Dates'],
    ['a range shorter than the minimum', { startDate: '2030-06-20', endDate: '2030-06-20' }, 'Minimum 2 days required'],
    ['a range longer than the maximum', { startDate: '2030-06-20', endDate: '2030-06-30' }, 'Maximum 5 days allowed'],
  ])('says why it cannot book %s from the filters', (_case, initialRange, label) => {
    renderView(testItem({ bookedRanges: [{ startDate: '2030-06-12', endDate: '2030-06-12' }] }), { initialRange });
    expect(bookingButton().textContent).toBe(label);
    expect(bookingButton().hasAttribute('disabled')).toBe(true);
  });

  it('shows the dates, day count and total, and adds a free range', async () => {
    const user = userEvent.setup();
    const { onAdd } = renderView(testItem(), { initialRange: { startDate: '2030-06-20', endDate: '2030-06-22' } });
    expect(screen.getByText('20 Jun 2030 to 22 Jun 2030')).toBeInTheDocument();
    expect(screen.getByText('3 days × £12.50')).toBeInTheDocument();
    expect(screen.getByText('£37.50')).toBeInTheDocument();
    // The same fee and total checkout will charge (core priceBasket).
    expect(screen.getByText('Service fee (10%)').nextElementSibling?.textContent).toBe('£3.75');
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('£41.25');
    await user.click(bookingButton());
    expect(bookingButton().textContent).toBe('Add to Wheelbarrow');
    expect(onAdd).toHaveBeenCalledWith({ startDate: '2030-06-20', endDate: '2030-06-22', days: 3 });
  });

  it('keeps the button disabled in Mock Data mode, with a note', async () => {
    const user = userEvent.setup();
    const { onAdd } = renderView(testItem(), { readOnly: true, initialRange: { startDate: '2030-06-20', endDate: '2030-06-22' } });
    expect(bookingButton().textContent).toBe('Add to Wheelbarrow');
    expect(bookingButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Booking is unavailable while showing Mock Data')).toBeInTheDocument();
    await user.click(bookingButton());
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('stretches a too-short pick to the minimum rental', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(day(/^Monday, 10 June 2030/));
    expect(bookingButton().textContent).toBe('Select Dates to Continue');
    await user.click(day(/^Monday, 10 June 2030/));
    expect(screen.getByText('10 Jun 2030 to 11 Jun 2030')).toBeInTheDocument();
    expect(bookingButton().textContent).toBe('Add to Wheelbarrow');
  });

  it('cuts a too-long pick to the maximum rental', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(day(/^Monday, 10 June 2030/));
    await user.click(day(/^Thursday, 20 June 2030/));
    expect(screen.getByText('10 Jun 2030 to 14 Jun 2030')).toBeInTheDocument();
    expect(screen.getByText('5 days × £12.50')).toBeInTheDocument();
    expect(bookingButton().textContent).toBe('Add to Wheelbarrow');
  });

  it('marks booked and past days as not selectable, but lets a range span a booked day', async () => {
    const user = userEvent.setup();
    renderView(testItem({ bookedRanges: [{ startDate: '2030-06-12', endDate: '2030-06-13' }] }));
    expect(day(/^Wednesday, 12 June 2030, booked$/).hasAttribute('disabled')).toBe(true);
    expect(day(/^Thursday, 13 June 2030, booked$/).hasAttribute('disabled')).toBe(true);
    expect(day(/^Tuesday, 4 June 2030$/).hasAttribute('disabled')).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Calendar key' })).getByText('Booked')).toBeInTheDocument();
    await user.click(day(/^Tuesday, 11 June 2030/));
    await user.click(day(/^Friday, 14 June 2030/));
    expect(bookingButton().textContent).toBe('Unavailable for Selected Dates');
  });

  it("announces the owner's vacation days as 'owner away', not booked, and booked days still as booked", () => {
    renderView(testItem({ ownerAwayUntil: '2030-06-07', bookedRanges: [{ startDate: '2030-06-12', endDate: '2030-06-12' }] }));
    const away = day(/ 6 June 2030/);
    expect(away.getAttribute('aria-label')).toBe('Thursday, 6 June 2030, owner away');
    expect(away.hasAttribute('disabled')).toBe(true);
    expect(day(/ 7 June 2030/).getAttribute('aria-label')).toBe('Friday, 7 June 2030, owner away');
    expect(day(/ 12 June 2030/).getAttribute('aria-label')).toBe('Wednesday, 12 June 2030, booked');
    // The first day back is free, and nothing about it says away or booked.
    const back = day(/ 8 June 2030/);
    expect(back.getAttribute('aria-label')).toBe('Saturday, 8 June 2030');
    expect(back.hasAttribute('disabled')).toBe(false);
    // Drawn apart from bookings, with its own entry in the key.
    expect(away.closest('td')!.className).toContain('item-calendar-away');
    expect(away.closest('td')!.className).not.toContain('item-calendar-booked');
    const key = within(screen.getByRole('list', { name: 'Calendar key' }));
    expect(key.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Booked', 'Owner away', 'Your dates']);
  });

  it('says the owner is away when the dates from the filters fall on their vacation, and not for a booked day', () => {
    renderView(testItem({ ownerAwayUntil: '2030-06-07' }), { initialRange: { startDate: '2030-06-06', endDate: '2030-06-09' } });
    expect(bookingButton().textContent).toBe('Unavailable for Selected Dates');
    const note = document.getElementById(bookingButton().getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('The owner is away until 7 Jun 2030, so those days cannot be booked.');
    cleanup();

    renderView(testItem({ bookedRanges: [{ startDate: '2030-06-12', endDate: '2030-06-12' }] }), {
      initialRange: { startDate: '2030-06-10', endDate: '2030-06-14' },
    });
    expect(bookingButton().textContent).toBe('Unavailable for Selected Dates');
    expect(bookingButton().hasAttribute('aria-describedby')).toBe(false);
    expect(within(screen.getByRole('list', { name: 'Calendar key' })).queryByText('Owner away')).toBeNull();
  });

  it('clears the chosen dates', async () => {
    const user = userEvent.setup();
    renderView(testItem(), { initialRange: { startDate: '2030-06-20', endDate: '2030-06-22' } });
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(bookingButton().textContent).toBe('Select Dates to Continue');
    expect(screen.queryByText('3 days × £12.50')).toBeNull();
  });

  it('ignores malformed dates from the URL', () => {
    renderView(testItem(), { initialRange: { startDate: 'soon', endDate: '2030-06-22' } });
    expect(bookingButton().textContent).toBe('Select Dates to Continue');
  });

  it('does not offer booking for an item its owner has switched off', () => {
    renderView(testItem({ available: false }), { initialRange: { startDate: '2030-06-20', endDate: '2030-06-22' } });
    expect(bookingButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('This item is not currently available for rent')).toBeInTheDocument();
  });

  it("on the owner's own item says so and offers Edit instead of Add to Wheelbarrow", () => {
    renderView(testItem(), { ownItem: true, initialRange: { startDate: '2030-06-20', endDate: '2030-06-22' } });
    expect(screen.getByText('This is your item')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/edit-item/item-1');
    expect(screen.queryByRole('button', { name: 'Add to Wheelbarrow' })).toBeNull();
    // The calendar still shows its bookings to the owner.
    expect(screen.getByRole('list', { name: 'Calendar key' })).toBeInTheDocument();
  });

  it('shows the photos before the price, and the description after the owner', () => {
    renderView();
    const gallery = screen.getByRole('group', { name: 'Image gallery' });
    const price = screen.getByText('£12.50 per day');
    const owner = screen.getByRole('heading', { name: 'Owner' });
    const description = screen.getByText('Light trimmer with two batteries.');
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(gallery, price)).toBe(true);
    expect(follows(price, owner)).toBe(true);
    expect(follows(owner, description)).toBe(true);
  });
});

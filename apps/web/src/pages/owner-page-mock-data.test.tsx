import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

// Leaflet does not run here; the popup's map is not what these tests are about.
vi.mock('../features/item-detail/location-map.tsx', () => ({ default: () => <p>Map of the item</p> }));

/** No API answers at all: the app falls back to the sample catalogue (Mock Data). */
function openWithoutApi(path: string) {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
  return renderApp(path);
}

describe('owner page in Mock Data mode', () => {
  it("shows a sample owner's name, rating, items and reviews from the sample catalogue", async () => {
    openWithoutApi('/owner/oliver-bennett');
    expect(await screen.findByText('Mock Data')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Oliver Bennett' })).toBeInTheDocument();
    expect(screen.getByText('OB')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.3 out of 5 from 6 ratings')).toBeInTheDocument();
    expect(screen.getByText(/^Member since [A-Z][a-z]+ \d{4}$/)).toBeInTheDocument();

    const items = screen.getByRole('region', { name: 'Items' });
    expect(await within(items).findByText('5 items')).toBeInTheDocument();
    // Newest listing first, as on the category screen.
    const names = within(items)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names[0]).toContain('Box Trailer (6 x 4 ft)');
    expect(within(items).getByRole('link', { name: 'Triple Extension Ladder' })).toBeInTheDocument();

    const reviews = screen.getByRole('region', { name: 'Reviews (6)' });
    const newest = within(reviews).getAllByRole('listitem')[0]!;
    expect(within(newest).getByRole('heading', { name: 'Jamal Hussain' })).toBeInTheDocument();
    expect(within(newest).getByText('Rated 5 out of 5')).toBeInTheDocument();
    expect(within(newest).getByText('Rented: Box Trailer (6 x 4 ft)')).toBeInTheDocument();
    expect(within(newest).getByText(/^Trailer was ready on time/)).toBeInTheDocument();

    // Everything came from the sample catalogue: the one request was the start-up check.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("says 'No ratings yet' and 'No reviews yet' for the sample owner nobody has reviewed", async () => {
    openWithoutApi('/owner/ben-ashworth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben Ashworth' })).toBeInTheDocument();
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
  });

  it('opens a sample item in the popup over the owner page, read-only', async () => {
    const user = userEvent.setup();
    const app = openWithoutApi('/owner/oliver-bennett/items');
    await user.click(await screen.findByRole('link', { name: 'Triple Extension Ladder' }));
    expect(app.url()).toBe('/owner/oliver-bennett/items?item=diy-ladder-1');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 3000 });
    expect(await within(dialog).findByRole('heading', { name: 'Triple Extension Ladder' })).toBeInTheDocument();
    expect(within(dialog).getByText('Booking is unavailable while showing Mock Data')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Oliver Bennett' })).toBeInTheDocument();
  });

  it("says 'Owner not found' for a key that is not a sample user", async () => {
    openWithoutApi('/owner/nobody-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Owner not found' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Mock Data')).toBeInTheDocument());
  });
});

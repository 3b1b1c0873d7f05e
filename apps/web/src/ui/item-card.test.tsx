import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/router/index.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { item } from '../test/fake-api.ts';
import { ItemCard } from './item-card.tsx';

afterEach(cleanup);

function renderCard(props: Partial<Parameters<typeof ItemCard>[0]> = {}) {
  render(
    <MemoryRouter>
      <ul>
        <ItemCard item={item()} to="/category/all/item/item-1" {...props} />
      </ul>
    </MemoryRouter>,
  );
}

describe('ItemCard', () => {
  it('offers both stored sizes of the photo with its dimensions, so the grid does not jump', () => {
    renderCard();
    const image = screen.getByRole('img', { name: 'A red lawn mower on grass' });
    expect(image.getAttribute('src')).toBe('/media/1-thumb.webp');
    expect(image.getAttribute('srcset')).toBe('/media/1-thumb.webp 400w, /media/1.webp 1200w');
    expect(image.getAttribute('sizes')).toContain('100vw');
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('267');
  });

  it('wraps a long unbroken name inside the card and keeps the whole name available', () => {
    const name = `Extra${'long'.repeat(40)}Name`;
    renderCard({ item: item({ name }) });
    const link = screen.getByRole('link', { name });
    const heading = link.closest('h3')!;
    // break-words lets one unbroken word wrap; the clamp stops it pushing the price off the card.
    expect(heading.className).toMatch(/\bbreak-words\b/);
    expect(heading.className).toMatch(/\bline-clamp-3\b/);
    expect(heading.getAttribute('title')).toBe(name);
    expect(link.closest('li')!.className).toMatch(/\bmin-w-0\b/);
  });

  it("shows the owner and rating in browsing, but not on the owner's own page", () => {
    renderCard();
    expect(screen.getByText('Priya Shah')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.5 out of 5 from 12 ratings')).toBeInTheDocument();
    cleanup();
    renderCard({ showOwner: false });
    expect(screen.getByText('£12.50 / day')).toBeInTheDocument();
    expect(screen.getByText('Leeds')).toBeInTheDocument();
    expect(screen.queryByText('Priya Shah')).toBeNull();
    expect(screen.queryByText(/^Rated /)).toBeNull();
  });

  it('says when there is no photo', () => {
    renderCard({ item: item({ image: null }) });
    expect(screen.getByText('No image available')).toBeInTheDocument();
  });
});

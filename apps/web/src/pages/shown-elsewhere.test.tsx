import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/router/index.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { BorrowerDetails } from '../features/checkout/components/borrower-details.tsx';
import { ItemDetailView } from '../features/item-detail/item-detail-view.tsx';
import { testItem } from '../test/item-detail.ts';
import type { Me } from '../data/me.ts';

afterEach(cleanup);

const me: Me = {
  id: 'u1',
  name: 'Rita Renter',
  email: 'rita@example.com',
  picture: null,
  createdAt: '2026-01-01T00:00:00Z',
  address: null,
};
const phone = { countryCode: 'GB', dialCode: '+44', number: '7700900123', formatted: '+44 7700900123' };

describe('the profile, where others see it', () => {
  it('checkout shows the phone only once it is verified', () => {
    render(
      <MemoryRouter>
        <BorrowerDetails me={{ ...me, phone: { ...phone, verified: true } }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('+44 7700900123')).toBeInTheDocument();
    cleanup();
    render(
      <MemoryRouter>
        <BorrowerDetails me={{ ...me, phone: { ...phone, verified: false } }} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('+44 7700900123')).toBeNull();
    expect(screen.getByText('Not provided')).toBeInTheDocument();
  });

  it('the item popup says the owner is away and blocks those days in its calendar', () => {
    render(
      <MemoryRouter>
        <ItemDetailView item={testItem({ ownerAwayUntil: '2030-06-08' })} today="2030-06-05" readOnly={false} onAdd={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByText('The owner is away until 8 Jun 2030: those days cannot be booked.')).toBeInTheDocument();
    const dayButton = (d: number) =>
      screen.getAllByRole('button').find((b) => b.getAttribute('aria-label')?.includes(`June ${d}`) || b.textContent === String(d));
    expect((dayButton(7) as HTMLButtonElement | undefined)?.disabled).toBe(true);
    expect((dayButton(9) as HTMLButtonElement | undefined)?.disabled).toBe(false);
  });
});

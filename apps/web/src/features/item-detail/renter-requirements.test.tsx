import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, testUser } from '../../test/fake-server.ts';
import { testItem } from '../../test/item-detail.ts';

vi.mock('./location-map.tsx', () => ({ default: () => <p>Map of the item</p> }));

const DATES = '?startDate=2030-06-20&endDate=2030-06-22';
const asking = testItem({ requirements: { requireVerifiedPhone: true, minCompletedRentals: 3 } });

async function openPopup(standing: { phoneVerified: boolean; completedRentals: number } | null, item = asking) {
  const server = fakeServer(
    { 'GET /api/items/item-1': () => json(item), 'GET /api/me/renter-standing': () => json(standing) },
    { user: standing ? testUser : null },
  );
  renderApp(`/category/garden-tools/item/item-1${DATES}`);
  const dialog = await screen.findByRole('dialog', { name: item.name });
  return { server, dialog };
}

describe("the popup and the owner's requirements", () => {
  it('says why the signed-in renter cannot book it yet, with the button disabled', async () => {
    const { dialog } = await openPopup({ phoneVerified: false, completedRentals: 1 });
    await within(dialog).findByText(/The owner asks for a verified phone number/);
    const button = within(dialog).getByRole('button', { name: 'Add to Wheelbarrow' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'The owner asks for a verified phone number. Verify yours in your profile. The owner asks for renters with at least 3 completed rentals; you have 1.',
    );
    expect(within(dialog).getByRole('link', { name: 'Verify your phone number' })).toHaveAttribute('href', '/profile');
  });

  it('names only what is missing', async () => {
    const { dialog } = await openPopup({ phoneVerified: true, completedRentals: 2 });
    expect(
      await within(dialog).findByText('The owner asks for renters with at least 3 completed rentals; you have 2.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add to Wheelbarrow' })).toBeDisabled();
    expect(within(dialog).queryByRole('link', { name: 'Verify your phone number' })).toBeNull();
  });

  it('lets a renter who meets them book', async () => {
    const { dialog, server } = await openPopup({ phoneVerified: true, completedRentals: 3 });
    await vi.waitFor(() => expect(server.sent('GET', '/api/me/renter-standing')).toHaveLength(1));
    await vi.waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add to Wheelbarrow' })).toBeEnabled());
    expect(within(dialog).queryByText(/The owner asks/)).toBeNull();
  });

  it('tells a visitor what the owner asks, and asks nothing about an item that asks nothing', async () => {
    const { dialog, server } = await openPopup(null);
    expect(await within(dialog).findByText('Renters need a verified phone number and at least 3 completed rentals.')).toBeInTheDocument();
    expect(server.sent('GET', '/api/me/renter-standing')).toHaveLength(0);
  });

  it('does not ask where the renter stands when the item asks nothing', async () => {
    const { dialog, server } = await openPopup({ phoneVerified: false, completedRentals: 0 }, testItem());
    expect(await within(dialog).findByRole('button', { name: 'Add to Wheelbarrow' })).toBeEnabled();
    expect(server.sent('GET', '/api/me/renter-standing')).toHaveLength(0);
  });
});

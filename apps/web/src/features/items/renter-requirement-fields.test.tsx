import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, testUser } from '../../test/fake-server.ts';
import { ownedItem } from '../../test/owned-items.ts';

async function type(user: UserEvent, label: string, value: string) {
  await user.clear(screen.getByLabelText(label));
  await user.type(screen.getByLabelText(label), value);
}

async function fillRequired(user: UserEvent) {
  await type(user, 'Name', 'Hedge Trimmer');
  await type(user, 'Description', 'Cordless, two batteries.');
  await type(user, 'Daily rate (£)', '12.50');
  await user.selectOptions(screen.getByLabelText('Category'), 'garden-tools');
  await type(user, 'Address', '12 Elm Road');
  await type(user, 'City', 'Leeds');
  await type(user, 'Postcode', 'LS6 2AB');
}

describe("the item form's requirements of renters", () => {
  it('asks nothing by default, and sends a verified phone and a minimum of completed rentals when chosen', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      { 'GET /api/me/items': () => json({ items: [] }), 'POST /api/items': () => json(ownedItem({ id: 'new-1' }), 201) },
      { user: testUser },
    );
    renderApp('/add-item');
    await screen.findByRole('heading', { level: 1, name: 'Add an item' });
    const group = screen.getByRole('group', { name: 'Who can rent it' });
    expect(group).toBeInTheDocument();
    const phone = screen.getByRole('checkbox', { name: 'Require a verified phone number' });
    const minimum = screen.getByLabelText('Minimum completed rentals');
    expect(phone).not.toBeChecked();
    expect(minimum).toHaveValue(0);
    expect(minimum).toHaveAccessibleDescription('Rentals a renter has borrowed and returned, 0 to 50. 0: anyone can book.');

    await fillRequired(user);
    await user.click(phone);
    await type(user, 'Minimum completed rentals', '3');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(server.sent('POST', '/api/items')).toHaveLength(1));
    expect(server.sent('POST', '/api/items')[0]!.body).toMatchObject({ requireVerifiedPhone: true, minCompletedRentals: 3 });
  });

  it('refuses more than 50 beside the field, sending nothing', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'GET /api/me/items': () => json({ items: [] }) }, { user: testUser });
    renderApp('/add-item');
    await screen.findByRole('heading', { level: 1, name: 'Add an item' });
    await fillRequired(user);
    await type(user, 'Minimum completed rentals', '51');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    const field = screen.getByLabelText('Minimum completed rentals');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('At most 50 completed rentals');
    expect(field).toHaveFocus();
    expect(server.sent('POST', '/api/items')).toHaveLength(0);
  });

  it('shows what the item asks when it is edited', async () => {
    fakeServer(
      { 'GET /api/items/item-1': () => json(ownedItem({ requirements: { requireVerifiedPhone: true, minCompletedRentals: 4 } })) },
      { user: testUser },
    );
    renderApp('/edit-item/item-1');
    expect(await screen.findByRole('checkbox', { name: 'Require a verified phone number' })).toBeChecked();
    expect(screen.getByLabelText('Minimum completed rentals')).toHaveValue(4);
  });
});

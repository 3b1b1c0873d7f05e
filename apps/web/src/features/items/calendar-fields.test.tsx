import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, testUser } from '../../test/fake-server.ts';
import { ownedItem } from '../../test/owned-items.ts';

async function type(user: UserEvent, label: string, value: string) {
  await user.clear(screen.getByLabelText(label));
  if (value) await user.type(screen.getByLabelText(label), value);
}

async function fillRequired(user: UserEvent) {
  await type(user, 'Name', 'Cement Mixer');
  await type(user, 'Description', 'Electric, 120 litres.');
  await type(user, 'Daily rate (£)', '15');
  await user.selectOptions(screen.getByLabelText('Category'), 'garden-tools');
  await type(user, 'Address', '12 Elm Road');
  await type(user, 'City', 'Leeds');
  await type(user, 'Postcode', 'LS6 2AB');
}

describe('the item form: booking and calendar', () => {
  it('starts instant, with no buffer and no weekly price', async () => {
    fakeServer({ 'GET /api/me/items': () => json({ items: [] }) }, { user: testUser });
    renderApp('/add-item');
    await screen.findByRole('heading', { level: 1, name: 'Add an item' });
    expect(screen.getByRole('radio', { name: 'Instant booking' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Request to book' })).not.toBeChecked();
    expect(screen.getByLabelText('Buffer days')).toHaveValue('0');
    expect(screen.getByLabelText('Weekly price (£, optional)')).toHaveValue(null);
  });

  it('sends request to book, two buffer days and the weekly price in pence', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      { 'GET /api/me/items': () => json({ items: [] }), 'POST /api/items': () => json(ownedItem({ id: 'new-1', images: [] }), 201) },
      { user: testUser },
    );
    renderApp('/add-item');
    await screen.findByRole('heading', { level: 1, name: 'Add an item' });
    await fillRequired(user);
    await user.click(screen.getByRole('radio', { name: 'Request to book' }));
    await user.selectOptions(screen.getByLabelText('Buffer days'), '2 days');
    await type(user, 'Weekly price (£, optional)', '70.50');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(server.sent('POST', '/api/items')).toHaveLength(1));
    expect(server.sent('POST', '/api/items')[0]!.body).toMatchObject({ bookingMode: 'request', bufferDays: 2, weeklyRatePence: 7050 });
  });

  it('says what is wrong with a weekly price and sends nothing', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'GET /api/me/items': () => json({ items: [] }) }, { user: testUser });
    renderApp('/add-item');
    await screen.findByRole('heading', { level: 1, name: 'Add an item' });
    await fillRequired(user);
    await type(user, 'Weekly price (£, optional)', '-5');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('The weekly price cannot be negative')).toBeInTheDocument();
    expect(screen.getByLabelText('Weekly price (£, optional)')).toHaveFocus();
    expect(server.sent('POST', '/api/items')).toHaveLength(0);
  });
});

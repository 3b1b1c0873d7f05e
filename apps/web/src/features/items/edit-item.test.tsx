import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser, type FakeRoute } from '../../test/fake-server.ts';
import { ownedItem, photoUrl } from '../../test/owned-items.ts';

function openEdit(routes: Record<string, FakeRoute>, path = '/edit-item/item-1') {
  const server = fakeServer({ 'GET /api/me/items': () => json({ items: [] }), ...routes }, { user: testUser });
  return { server, app: renderApp(path) };
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('edit item', () => {
  it('fills the form from the item, the rate in pounds', async () => {
    openEdit({ 'GET /api/items/item-1': () => json(ownedItem({ dailyRatePence: 1250, available: false })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit item' })).toBeInTheDocument();
    expect(value('Name')).toBe('Cordless Hedge Trimmer');
    expect(value('Daily rate (£)')).toBe('12.50');
    expect(value('Category')).toBe('garden-tools');
    expect(value('Minimum days')).toBe('2');
    expect(value('Maximum days')).toBe('5');
    expect(value('Address')).toBe('12 Elm Road');
    expect(value('City')).toBe('Leeds');
    expect(value('Postcode')).toBe('LS6 2AB');
    expect((screen.getByLabelText('Available for rent') as HTMLInputElement).checked).toBe(false);
    expect(screen.getAllByRole('button', { name: /^Remove photo \d$/ })).toHaveLength(3);
  });

  it("says 'Item Not Found' for a 404 and for another owner's item", async () => {
    openEdit({ 'GET /api/items/gone': () => errorJson(404, 'NOT_FOUND', 'Item not found') }, '/edit-item/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Item Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The item you're trying to edit could not be found.")).toBeInTheDocument();
  });

  it("does not offer someone else's listed item for editing", async () => {
    const theirs = ownedItem({ owner: { id: 'someone-else', name: 'Sam', picture: null, rating: null, totalRatings: 0 } });
    openEdit({ 'GET /api/items/item-1': () => json(theirs) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Item Not Found' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it("says 'Item ID not found' without an id", async () => {
    openEdit({}, '/edit-item');
    expect(await screen.findByText('Item ID not found')).toBeInTheDocument();
  });

  it('saves the details, then removes and reorders photos through their endpoints', async () => {
    const user = userEvent.setup();
    const item = ownedItem();
    const { server, app } = openEdit({
      'GET /api/items/item-1': () => json(item),
      'PUT /api/items/item-1': () => json(item),
      'DELETE /api/items/item-1/images/img-c': () => json({ ...item, images: item.images.slice(0, 2) }),
      'PUT /api/items/item-1/images/order': () => json({ ...item, images: [photoUrl('item-1', 'img-b'), photoUrl('item-1', 'img-a')] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit item' });
    const rate = screen.getByLabelText('Daily rate (£)');
    await user.clear(rate);
    await user.type(rate, '15');

    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    // Focus follows the photo: it is now photo 2, and can keep moving.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 2 later' })));
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(screen.getAllByRole('button', { name: /^Remove photo \d$/ })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(app.url()).toBe('/my-items'));
    expect(server.sent('PUT', '/api/items/item-1')[0]!.body).toMatchObject({ dailyRatePence: 1500, address: '12 Elm Road' });
    expect(server.sent('DELETE', '/api/items/item-1/images/img-c')).toHaveLength(1);
    expect(server.sent('PUT', '/api/items/item-1/images/order')[0]!.body).toEqual({ imageIds: ['img-b', 'img-a'] });
    expect(await screen.findByText('Item updated')).toBeInTheDocument();
  });

  it("shows the spec's update failure with the server's reason", async () => {
    const user = userEvent.setup();
    openEdit({
      'GET /api/items/item-1': () => json(ownedItem()),
      'PUT /api/items/item-1': () => errorJson(503, 'UNAVAILABLE', 'Geocoding service unavailable'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit item' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to update item. Please check that the address is valid and try again.')).toBeInTheDocument();
    expect(within(alert).getByText('Geocoding service unavailable')).toBeInTheDocument();
  });

  it('shows a postcode the server refuses beside the postcode', async () => {
    const user = userEvent.setup();
    openEdit({
      'GET /api/items/item-1': () => json(ownedItem()),
      'PUT /api/items/item-1': () => errorJson(400, 'VALIDATION', 'Please enter a valid UK postcode', { field: 'postcode' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit item' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Postcode')));
    expect(screen.getByLabelText('Postcode').getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes from the edit page after confirming, and goes to My Items', async () => {
    const user = userEvent.setup();
    const { server, app } = openEdit({
      'GET /api/items/item-1': () => json(ownedItem()),
      'DELETE /api/items/item-1': () => new Response(null, { status: 204 }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit item' });
    await user.click(screen.getByRole('button', { name: 'Delete Cordless Hedge Trimmer' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Cordless Hedge Trimmer?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.url()).toBe('/my-items'));
    expect(server.sent('DELETE', '/api/items/item-1')).toHaveLength(1);
    expect(await screen.findByText('Item deleted')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser, type FakeRoute } from '../../test/fake-server.ts';

const me = { id: testUser.id, name: testUser.name, email: testUser.email, picture: null, createdAt: testUser.createdAt, address: null };
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function server(put: FakeRoute) {
  return fakeServer({ 'GET /api/me': () => json(me), 'PUT /api/me/address': put }, { user: testUser });
}

async function fillAndSave(user: UserEvent, postcode: string) {
  await screen.findByRole('heading', { level: 2, name: 'Address' });
  await user.type(field('Street address'), ' 12 Acacia Avenue ');
  await user.type(field('City'), 'Leeds');
  await user.type(field('Postcode'), postcode);
  await user.click(screen.getByRole('button', { name: 'Save address' }));
}

describe('profile address form', () => {
  it('refuses a postcode that is not a UK one, beside the field, without sending it', async () => {
    const user = userEvent.setup();
    const api = server(() => json(me));
    renderApp('/profile?tab=profile');
    await fillAndSave(user, '90210');
    expect(await screen.findByText('Please enter a valid UK postcode')).toBeInTheDocument();
    expect(field('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(field('Postcode').getAttribute('aria-describedby')).toBe('address-postcode-error');
    expect(api.sent('PUT', '/api/me/address')).toHaveLength(0);
  });

  it('saves the address as the server formats it and offers the way back to checkout', async () => {
    const user = userEvent.setup();
    const saved = { line: '12 Acacia Avenue', city: 'Leeds', postcode: 'LS1 4AP' };
    const api = server(() => json({ ...me, address: saved }));
    renderApp('/profile?tab=profile&from=/checkout#address');
    await fillAndSave(user, 'ls14ap');
    expect(await screen.findByText('Your address has been saved.')).toBeInTheDocument();
    expect(api.sent('PUT', '/api/me/address')[0]?.body).toEqual({ line: '12 Acacia Avenue', city: 'Leeds', postcode: 'ls14ap' });
    expect(field('Postcode').value).toBe('LS1 4AP');
    expect(screen.getByRole('link', { name: 'Back to checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('does not offer checkout to someone who did not come from it', async () => {
    const user = userEvent.setup();
    server(() => json({ ...me, address: { line: '1 High St', city: 'York', postcode: 'YO1 7HH' } }));
    renderApp('/profile?tab=profile');
    await fillAndSave(user, 'YO1 7HH');
    expect(await screen.findByText('Your address has been saved.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to checkout' })).toBeNull();
  });

  it('says the update failed when the server cannot save it', async () => {
    const user = userEvent.setup();
    server(() => errorJson(500, 'INTERNAL', 'Internal error'));
    renderApp('/profile?tab=profile');
    await fillAndSave(user, 'LS1 4AP');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to update address. Please try again.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a field beside that field", async () => {
    const user = userEvent.setup();
    server(() => errorJson(400, 'VALIDATION', 'Please enter a valid UK postcode', { field: 'postcode' }));
    renderApp('/profile?tab=profile');
    await fillAndSave(user, 'LS1 4AP');
    await waitFor(() => expect(field('Postcode').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a valid UK postcode')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update address. Please try again.')).toBeNull();
  });

  it('comes back from checkout with the way back offered after saving', async () => {
    const user = userEvent.setup();
    fakeServer(
      {
        'GET /api/me': () => json(me),
        'PUT /api/me/address': () => json({ ...me, address: { line: '1 High St', city: 'York', postcode: 'YO1 7HH' } }),
        'POST /api/wheelbarrow/check': () => json({ lines: [], subtotalPence: 0, serviceFeePence: 0, totalPence: 0 }),
      },
      { user: testUser },
    );
    localStorage.setItem(
      'toolshed.wheelbarrow.v1',
      JSON.stringify([
        { itemId: 'i', name: 'Ladder', dailyRatePence: 500, startDate: '2030-01-01', endDate: '2030-01-01', days: 1, imageUrl: null },
      ]),
    );
    const app = renderApp('/checkout');
    await user.click(await screen.findByRole('link', { name: 'Add Address to Continue' }));
    await waitFor(() => expect(app.location().pathname).toBe('/profile'));
    expect(app.location().hash).toBe('#address');
    await fillAndSave(user, 'YO1 7HH');
    await user.click(await screen.findByRole('link', { name: 'Back to checkout' }));
    await waitFor(() => expect(app.url()).toBe('/checkout'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, testUser, type FakeRoute } from '../../test/fake-server.ts';
import { checkRoute, drill, mower, storeLines } from '../../test/wheelbarrow.ts';

const me = { id: testUser.id, name: testUser.name, email: testUser.email, picture: null, createdAt: testUser.createdAt };
const address = { line: '12 Acacia Avenue', city: 'Leeds', postcode: 'LS1 4AP' };

function server(routes: Record<string, FakeRoute> = {}, withAddress = true) {
  return fakeServer(
    {
      'GET /api/me': () => json({ ...me, address: withAddress ? address : null }),
      'POST /api/wheelbarrow/check': checkRoute([mower, drill]),
      ...routes,
    },
    { user: testUser },
  );
}

const main = () => screen.getByRole('main');

/** Chooses the pick-up and return times of a line from the owner's slots. */
async function chooseTimes(user: ReturnType<typeof userEvent.setup>, name: string, pickup = '09:30', back = '17:00') {
  const times = await screen.findByRole('group', { name: `Handover times for ${name} (London time)` });
  await user.selectOptions(await within(times).findByLabelText(/^Pick-up on/), pickup);
  await user.selectOptions(within(times).getByLabelText(/^Return on/), back);
}
const summaryValue = (term: string) => {
  const section = screen.getByRole('region', { name: 'Order summary' });
  const dt = within(section).getByText(term);
  return dt.nextElementSibling?.textContent;
};

describe('checkout page', () => {
  it('lists each line and totals them with the 10% service fee', async () => {
    storeLines([mower, drill]);
    server();
    renderApp('/checkout');
    const summary = await screen.findByRole('region', { name: 'Rental summary' });
    const mowerLine = within(summary).getByRole('heading', { name: 'Petrol Lawn Mower' }).closest('li')!;
    expect(within(mowerLine).getByText('1 Jun 2030 to 3 Jun 2030')).toBeInTheDocument();
    expect(within(mowerLine).getByText('3 days')).toBeInTheDocument();
    expect(within(mowerLine).getByText('3 days £37.50')).toBeInTheDocument();
    expect(within(mowerLine).getByText('£37.50')).toBeInTheDocument();
    // 3 x £12.50 + 2 x £20.00 = £77.50; 10% is £7.75.
    await waitFor(() => expect(summaryValue('Subtotal')).toBe('£77.50'));
    expect(summaryValue('Service fee (10%)')).toBe('£7.75');
    expect(summaryValue('Total')).toBe('£85.25');
  });

  it('marks a request line: the owner has 24 hours to accept, held, not charged; a booked line has no such mark', async () => {
    storeLines([mower, drill]);
    server({ 'POST /api/wheelbarrow/check': checkRoute([mower, drill], { [drill.itemId]: { bookingMode: 'request' } }) });
    renderApp('/checkout');
    const summary = await screen.findByRole('region', { name: 'Rental summary' });
    const drillLine = within(summary).getByRole('heading', { name: 'Cordless Drill' }).closest('li')!;
    expect(await within(drillLine).findByText('Request: the owner has 24 hours to accept; held, not charged')).toBeInTheDocument();
    const mowerLine = within(summary).getByRole('heading', { name: 'Petrol Lawn Mower' }).closest('li')!;
    expect(within(mowerLine).queryByText(/^Request:/)).toBeNull();
  });

  it('shows the borrower, says no phone is on file, and goes on to payment', async () => {
    const user = userEvent.setup();
    storeLines([mower]);
    server();
    const app = renderApp('/checkout');
    const borrower = await screen.findByRole('region', { name: 'Borrower details' });
    expect(within(borrower).getByText('Priya Shah')).toBeInTheDocument();
    expect(within(borrower).getByText('priya@example.com')).toBeInTheDocument();
    expect(within(borrower).getByText('Not provided')).toBeInTheDocument();
    expect(within(borrower).getByText(/12 Acacia Avenue/)).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement;
    // The earliest pick-up and the latest return are offered first; the renter picks others.
    const times = await screen.findByRole('group', { name: 'Handover times for Petrol Lawn Mower (London time)' });
    await waitFor(() => expect((within(times).getByLabelText(/^Pick-up on/) as HTMLSelectElement).value).toBe('09:00'));
    expect((within(times).getByLabelText(/^Return on/) as HTMLSelectElement).value).toBe('17:30');
    await chooseTimes(user, 'Petrol Lawn Mower');
    expect((within(times).getByLabelText(/^Pick-up on/) as HTMLSelectElement).value).toBe('09:30');
    await waitFor(() => expect(next.disabled).toBe(false));
    await user.click(next);
    await waitFor(() => expect(app.url()).toBe('/payment-selection'));
  });

  it('asks for an address before payment, linking to the profile form', async () => {
    storeLines([mower]);
    server({}, false);
    renderApp('/checkout');
    const link = await screen.findByRole('link', { name: 'Add Address to Continue' });
    expect(link.getAttribute('href')).toBe('/profile?tab=profile#address');
    const next = screen.getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await waitFor(() => expect(screen.getByText('Add your address to continue.')).toBeInTheDocument());
  });

  it('blocks payment while a line is flagged, until it is removed', async () => {
    const user = userEvent.setup();
    storeLines([mower, drill]);
    server({
      'POST /api/wheelbarrow/check': checkRoute([mower, drill], {
        [drill.itemId]: { state: 'unavailable', message: 'Someone has booked some of these dates. Please choose new dates.' },
      }),
    });
    renderApp('/checkout');
    await screen.findByRole('region', { name: 'Rental summary' });
    expect(await within(main()).findByText('Someone has booked some of these dates. Please choose new dates.')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(within(main()).getByText(/Some items cannot be booked as they are/)).toBeInTheDocument();
    expect(summaryValue('Subtotal')).toBe('£37.50');

    await user.click(within(main()).getByRole('button', { name: 'Remove Cordless Drill' }));
    await chooseTimes(user, 'Petrol Lawn Mower');
    await waitFor(() => expect(next.disabled).toBe(false));
    expect(summaryValue('Total')).toBe('£41.25');
  });

  it('says the wheelbarrow is empty and links to browsing', async () => {
    server();
    renderApp('/checkout');
    expect(await screen.findByText('Your wheelbarrow is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all items' }).getAttribute('href')).toBe('/category/all');
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
  });

  it('sends signed-out visitors to sign in first', async () => {
    storeLines([mower]);
    fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([mower]) });
    const app = renderApp('/checkout');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(new URLSearchParams(app.location().search).get('from')).toBe('/checkout');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RentalHandoverTimes } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';
import { rental } from '../../test/rentals.ts';

const upcoming = rental({ id: 'r-1', status: 'upcoming', startDate: '2030-06-10', endDate: '2030-06-12' });
const side = (date: string, time: string) => ({ date, time, at: null, proposal: null, canPropose: true, slots: ['17:00', '17:30'] });
const times: RentalHandoverTimes = { rentalId: 'r-1', pickup: side('2030-06-10', '09:00'), return: side('2030-06-12', '17:00') };

describe('proposing a new handover time', () => {
  it('asks for a time under the choice, then shows the server’s refusal there, sending only a chosen time', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const server = fakeServer(
      {
        'GET /api/rentals/r-1': () => json(upcoming),
        'GET /api/rentals/r-1/handover-times': () => json(times),
        'POST /api/rentals/r-1/handover-times/return/proposal': () =>
          refuse
            ? errorJson(400, 'VALIDATION', 'The return time 17:30 is not one of the owner’s handover times on that day.', { field: 'time' })
            : json({ ...times, return: { ...times.return, proposal: { time: '17:30', by: 'renter', canAccept: false } } }),
      },
      { user: testUser },
    );
    renderApp('/rentals/r-1');
    const section = await screen.findByRole('region', { name: 'Handover times' });
    await user.click(within(section).getByRole('button', { name: 'Propose a new return time' }));
    const form = within(section).getByRole('form', { name: 'Propose a new return time' });
    const choice = within(form).getByLabelText('New time on 12 Jun 2030');
    await user.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(choice).toHaveAccessibleDescription('Please choose a time from the list.');
    expect(choice).toHaveFocus();
    expect(server.sent('POST', '/api/rentals/r-1/handover-times/return/proposal')).toHaveLength(0);

    await user.selectOptions(choice, '17:30');
    await user.click(within(form).getByRole('button', { name: 'Propose' }));
    await waitFor(() =>
      expect(choice).toHaveAccessibleDescription('The return time 17:30 is not one of the owner’s handover times on that day.'),
    );
    expect(server.sent('POST', '/api/rentals/r-1/handover-times/return/proposal')[0]!.body).toEqual({ time: '17:30' });

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(await within(section).findByText(/You proposed 17:30; waiting for/)).toBeInTheDocument();
    expect(within(section).queryByRole('form', { name: 'Propose a new return time' })).toBeNull();
  });
});

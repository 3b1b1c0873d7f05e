import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { errorJson, fakeServer, testUser } from '../../test/fake-server.ts';

const me = { id: testUser.id, name: testUser.name, email: testUser.email, picture: null, createdAt: testUser.createdAt, address: null };
const own = {
  isDefault: false,
  ranges: [
    { weekday: 1, opens: '08:00', closes: '10:00' },
    { weekday: 1, opens: '17:00', closes: '19:00' },
    { weekday: 6, opens: '09:00', closes: '12:00' },
  ],
};
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

async function openForm(put = (body: unknown) => json({ isDefault: false, ranges: (body as { ranges: unknown }).ranges })) {
  const api = fakeServer(
    { 'GET /api/me': () => json(me), 'GET /api/me/handover-hours': () => json(own), 'PUT /api/me/handover-hours': ({ body }) => put(body) },
    { user: testUser },
  );
  renderApp('/profile?tab=profile');
  await screen.findByRole('heading', { level: 2, name: 'Handover hours' });
  return api;
}

describe("the owner's handover hours form", () => {
  it('shows several ranges on a day and saves one added beside them', async () => {
    const user = userEvent.setup();
    const api = await openForm();
    expect(select('From (Monday, range 1)').value).toBe('08:00');
    expect(select('to (Monday, range 2)').value).toBe('19:00');
    expect(screen.getByText('No handovers on Sundays.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    // A new range starts where the day's last one ends.
    expect(select('From (Saturday, range 2)').value).toBe('12:00');
    await user.selectOptions(select('From (Saturday, range 2)'), '14:00');
    await user.selectOptions(select('to (Saturday, range 2)'), '16:30');
    await user.click(screen.getByRole('button', { name: 'Remove Monday, range 2' }));
    await user.click(screen.getByRole('button', { name: 'Save handover hours' }));

    expect(await screen.findByText('Your handover hours have been saved.')).toBeInTheDocument();
    expect(api.sent('PUT', '/api/me/handover-hours').map((r) => r.body)).toEqual([
      {
        ranges: [
          { weekday: 1, opens: '08:00', closes: '10:00' },
          { weekday: 6, opens: '09:00', closes: '12:00' },
          { weekday: 6, opens: '14:00', closes: '16:30' },
        ],
      },
    ]);
  });

  it('refuses overlapping ranges and a close before the open under the range, sending nothing', async () => {
    const user = userEvent.setup();
    const api = await openForm();
    await user.selectOptions(select('From (Monday, range 2)'), '09:30');
    await user.selectOptions(select('From (Saturday, range 1)'), '13:00');
    await user.click(screen.getByRole('button', { name: 'Save handover hours' }));

    expect(await screen.findByText('Monday: the time ranges overlap.')).toBeInTheDocument();
    expect(screen.getByText('Saturday: the closing time must be after the opening time.')).toBeInTheDocument();
    expect(select('From (Monday, range 2)').getAttribute('aria-invalid')).toBe('true');
    expect(select('From (Monday, range 2)').getAttribute('aria-describedby')).toBe('hours-w1-1-opens-error');
    expect(select('to (Saturday, range 1)').getAttribute('aria-invalid')).toBe('true');
    expect(select('From (Monday, range 2)')).toHaveFocus();
    expect(api.sent('PUT', '/api/me/handover-hours')).toHaveLength(0);
  });

  it("shows the server's refusal above the form", async () => {
    const user = userEvent.setup();
    await openForm(() => errorJson(400, 'VALIDATION', 'Sunday: at most 4 time ranges a day.', { field: 'ranges' }));
    await user.click(screen.getByRole('button', { name: 'Save handover hours' }));
    const form = screen.getByRole('form', { name: 'Handover hours' }).parentElement!;
    expect(await within(form).findByText('Sunday: at most 4 time ranges a day.')).toBeInTheDocument();
  });

  it('stops adding at four ranges a day', async () => {
    const user = userEvent.setup();
    await openForm();
    const add = screen.getByRole('button', { name: 'Add hours on Monday' });
    await user.click(add);
    await user.click(add);
    expect(add).toBeDisabled();
    expect(select('From (Monday, range 4)').value).toBe('20:00');
  });
});

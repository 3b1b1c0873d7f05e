import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedWheelbarrow } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, sessionOf, testUser, type FakeRequest } from '../../test/fake-server.ts';
import { checkRoute, drill, mower, storedLines, storeLines } from '../../test/wheelbarrow.ts';

const saved = (...lines: (typeof drill)[]): SavedWheelbarrow => ({
  lines: lines.map(({ itemId, name, dailyRatePence, startDate, endDate, days, imageUrl }) => ({
    itemId,
    name,
    dailyRatePence,
    startDate,
    endDate,
    days,
    imageUrl,
  })),
});
const sentLines = (request: FakeRequest | undefined) =>
  (request?.body as { lines: { itemId: string }[] } | undefined)?.lines.map((l) => l.itemId);

describe('the wheelbarrow of a signed-in user', () => {
  it("brings the account's saved lines to this device, adds this device's, and saves the result", async () => {
    storeLines([mower]);
    const api = fakeServer(
      {
        'GET /api/me/wheelbarrow': () => json(saved(drill)),
        'PUT /api/me/wheelbarrow': ({ body }) => json(body),
        'POST /api/wheelbarrow/check': checkRoute([mower, drill]),
      },
      { user: testUser },
    );
    renderApp('/about');
    const region = await screen.findByRole('region', { name: 'Wheelbarrow' });
    expect(await within(region).findByText('2 items')).toBeInTheDocument();
    expect(storedLines().map((l) => l.itemId)).toEqual([drill.itemId, mower.itemId]);
    await waitFor(() => expect(sentLines(api.sent('PUT', '/api/me/wheelbarrow').at(-1))).toEqual([drill.itemId, mower.itemId]));

    // A later change on this device is saved to the account too.
    await userEvent.click(within(region).getByRole('button', { name: 'Show details' }));
    await userEvent.click(await within(region).findByRole('button', { name: `Remove ${mower.name}` }));
    await waitFor(() => expect(sentLines(api.sent('PUT', '/api/me/wheelbarrow').at(-1))).toEqual([drill.itemId]));
  });

  it('is emptied on this device at sign-out, so the next person does not see it', async () => {
    let user: typeof testUser | null = testUser;
    storeLines([mower]);
    fakeServer({
      'GET /api/auth/get-session': () => json(sessionOf(user)),
      'POST /api/auth/sign-out': () => {
        user = null;
        return json({ success: true });
      },
      'GET /api/me/wheelbarrow': () => json(saved(mower)),
      'PUT /api/me/wheelbarrow': ({ body }) => json(body),
      'POST /api/wheelbarrow/check': checkRoute([mower]),
    });
    renderApp('/about');
    expect(await screen.findByRole('region', { name: 'Wheelbarrow' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Wheelbarrow' })).toBeNull());
    expect(storedLines()).toEqual([]);
  });

  it("keeps a visitor's wheelbarrow on the device and asks the server nothing about it", async () => {
    storeLines([mower]);
    const api = fakeServer({ 'POST /api/wheelbarrow/check': checkRoute([mower]) });
    renderApp('/about');
    expect(await screen.findByRole('region', { name: 'Wheelbarrow' })).toBeInTheDocument();
    expect(api.sent('GET', '/api/me/wheelbarrow')).toHaveLength(0);
    expect(storedLines().map((l) => l.itemId)).toEqual([mower.itemId]);
  });
});

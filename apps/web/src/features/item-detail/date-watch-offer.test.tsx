import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DateWatch } from '@toolshed/core/contract';
import { useAuth, type AuthValue } from '../../data/auth-provider.tsx';
import { MemoryRouter, useLocation } from '../../lib/router/index.ts';
import { apiError, json } from '../../test/fake-api.ts';
import { DateWatchOffer } from './date-watch-offer.tsx';

vi.mock('../../data/auth-provider.tsx', () => ({ useAuth: vi.fn() }));

function signedIn(yes: boolean) {
  vi.mocked(useAuth).mockReturnValue({
    status: yes ? 'signed-in' : 'signed-out',
    user: yes ? { id: 'member-1', name: 'Maya', email: 'maya@example.com' } : null,
  } as unknown as AuthValue);
}

/** The API as far as the offer uses it: the member's watches, kept in memory. */
function fakeWatchesApi(refuseWith?: string) {
  const watches: DateWatch[] = [];
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/me/date-watches' && method === 'GET') return json({ watches });
      if (url.pathname === '/api/me/date-watches' && method === 'POST') {
        const body = JSON.parse(String(init?.body)) as { itemId: string; startDate: string; endDate: string };
        posted.push(body);
        if (refuseWith) return apiError(409, 'CONFLICT', refuseWith);
        watches.push({ id: 'w-1', itemName: 'Drill', createdAt: '', notifiedAt: null, link: '/x', ...body });
        return json(watches[0], 201);
      }
      if (url.pathname === '/api/me/date-watches/w-1' && method === 'DELETE') {
        watches.splice(0, 1);
        return new Response(null, { status: 204 });
      }
      return apiError(404, 'NOT_FOUND', 'Not found');
    }),
  );
  return { posted };
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderOffer() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/category/all/item/item-1']}>
        <DateWatchOffer itemId="item-1" startDate="2030-03-02" endDate="2030-03-04" />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => signedIn(true));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('Tell me if these dates free up', () => {
  it('saves a watch of the chosen dates, says so, moves focus to Stop, and stops it', async () => {
    const api = fakeWatchesApi();
    const user = userEvent.setup();
    renderOffer();
    await user.click(await screen.findByRole('button', { name: 'Tell me if these dates free up' }));
    expect(await screen.findByRole('status')).toHaveTextContent("We'll tell you if 2-4 March free up.");
    expect(api.posted).toEqual([{ itemId: 'item-1', startDate: '2030-03-02', endDate: '2030-03-04' }]);
    const stop = screen.getByRole('button', { name: 'Stop waiting for 2-4 March' });
    expect(stop).toHaveFocus();
    await user.click(stop);
    expect(await screen.findByRole('button', { name: 'Tell me if these dates free up' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("shows the server's refusal and keeps the button", async () => {
    fakeWatchesApi('You can wait for at most 20 sets of dates at once.');
    const user = userEvent.setup();
    renderOffer();
    await user.click(await screen.findByRole('button', { name: 'Tell me if these dates free up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can wait for at most 20 sets of dates at once.');
    expect(screen.getByRole('button', { name: 'Tell me if these dates free up' })).toBeEnabled();
  });

  it('sends a visitor to sign in and back to this item on these dates', async () => {
    signedIn(false);
    const api = fakeWatchesApi();
    const user = userEvent.setup();
    renderOffer();
    await user.click(screen.getByRole('button', { name: 'Tell me if these dates free up' }));
    const from = new URLSearchParams(screen.getByTestId('where').textContent!.split('?')[1]).get('from');
    expect(screen.getByTestId('where').textContent).toMatch(/^\/login\?/);
    expect(from).toBe('/category/all/item/item-1?startDate=2030-03-02&endDate=2030-03-04');
    expect(api.posted).toEqual([]);
  });
});

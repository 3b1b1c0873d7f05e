import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { MemoryRouter } from '../../lib/router/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemDetail } from '@toolshed/core/contract';
import { POPUP_FIRST_PAINT_ELEMENT_ID } from '@toolshed/core';
import { useDataSource, type DataSourceValue } from '../../data/data-source.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { ToastProvider } from '../../lib/toast.tsx';
import { useAuth, type AuthValue } from '../../data/auth-provider.tsx';
import { useItem } from '../../data/get-item.ts';
import { WHEELBARROW_STORAGE_KEY, WheelbarrowProvider } from '../../data/wheelbarrow-store.tsx';
import ItemDetailPopup from './item-detail-popup.tsx';
import { testItem } from '../../test/item-detail.ts';
import { json } from '../../test/fake-api.ts';

vi.mock('./location-map.tsx', () => ({ default: () => <p>Map of the item</p> }));
vi.mock('../../data/get-item.ts', () => ({ useItem: vi.fn() }));
vi.mock('../../data/data-source.tsx', () => ({ useDataSource: vi.fn() }));
vi.mock('../../data/auth-provider.tsx', () => ({ useAuth: vi.fn() }));

const refetch = vi.fn();
const HOURS = {
  isDefault: false,
  ranges: [
    ...[1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, opens: '08:00', closes: '10:00' },
      { weekday, opens: '17:00', closes: '19:00' },
    ]),
    { weekday: 6, opens: '09:00', closes: '12:00' },
  ],
};

function itemQuery(state: { data?: ItemDetail; error?: Error; isFetching?: boolean }) {
  vi.mocked(useItem).mockReturnValue({
    data: state.data,
    error: state.error ?? null,
    isError: state.error !== undefined,
    isFetching: state.isFetching ?? false,
    refetch,
  } as unknown as UseQueryResult<ItemDetail, Error>);
}

function dataMode(mode: 'api' | 'mock') {
  vi.mocked(useDataSource).mockReturnValue({ mode, readOnly: mode !== 'api' } as DataSourceValue);
}

function renderPopup(initialRange?: { startDate: string; endDate: string }) {
  const onClose = vi.fn();
  render(
    // The heart beside the name reads the member's saved items.
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <WheelbarrowProvider>
          <ToastProvider>
            <ItemDetailPopup itemId="item-1" onClose={onClose} initialRange={initialRange} />
          </ToastProvider>
        </WheelbarrowProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-05T12:00:00Z'));
  localStorage.clear();
  dataMode('api');
  signedInAs(null);
  // The requests the popup makes itself: the owner's handover hours, and the member's saved items for the heart.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input instanceof Request ? input.url : input).includes('/handover-hours') ? json(HOURS) : json({ itemIds: [] }),
    ),
  );
});

function signedInAs(id: string | null) {
  vi.mocked(useAuth).mockReturnValue({
    status: id ? 'signed-in' : 'signed-out',
    user: id ? { id, name: 'Someone', email: 'someone@example.com' } : null,
  } as unknown as AuthValue);
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const range = { startDate: '2030-06-20', endDate: '2030-06-22' };

describe('ItemDetailPopup', () => {
  it('shows a loading state inside the dialog', () => {
    itemQuery({});
    renderPopup();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('Loading item...')).toBeInTheDocument();
  });

  it('says the item was not found for a 404, with a way back and a way on', async () => {
    const user = userEvent.setup();
    itemQuery({ error: new ApiError(404, 'NOT_FOUND', 'Item not found') });
    const { onClose } = renderPopup();
    expect(screen.getByRole('dialog', { name: 'Item not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse all items' }).getAttribute('href')).toBe('/category/all');
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not let an owner put their own item in the wheelbarrow', () => {
    signedInAs('owner-7');
    itemQuery({ data: testItem() });
    renderPopup(range);
    expect(screen.getByText('This is your item')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Wheelbarrow' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/edit-item/item-1');
    expect(localStorage.getItem(WHEELBARROW_STORAGE_KEY)).toBeNull();
    // Nor save it.
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
  });

  it("offers Add to Wheelbarrow on someone else's item when signed in", () => {
    signedInAs('renter-1');
    itemQuery({ data: testItem() });
    renderPopup(range);
    expect(screen.getByRole('button', { name: 'Add to Wheelbarrow' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('This is your item')).toBeNull();
    expect(screen.getByRole('button', { name: `Save ${testItem().name}` }).getAttribute('aria-pressed')).toBe('false');
  });

  it('offers a retry for other failures', async () => {
    const user = userEvent.setup();
    itemQuery({ error: new ApiError(0, 'NETWORK', 'Failed to fetch') });
    renderPopup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('adds the chosen dates to the wheelbarrow, confirms and closes', async () => {
    const user = userEvent.setup();
    itemQuery({ data: testItem() });
    const { onClose } = renderPopup(range);
    expect(screen.getByRole('dialog', { name: 'Cordless Hedge Trimmer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to Wheelbarrow' }));

    expect(screen.getByText('Added to your wheelbarrow').closest('[role="status"]')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(WHEELBARROW_STORAGE_KEY)!)).toEqual([
      {
        itemId: 'item-1',
        name: 'Cordless Hedge Trimmer',
        dailyRatePence: 1250,
        weeklyRatePence: null,
        bookingMode: 'instant',
        startDate: '2030-06-20',
        endDate: '2030-06-22',
        days: 3,
        imageUrl: '/img/1-thumb.webp',
        cancellationPolicy: 'flexible',
      },
    ]);
  });

  it('says so when the item is already in the wheelbarrow', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      WHEELBARROW_STORAGE_KEY,
      JSON.stringify([
        {
          itemId: 'item-1',
          name: 'Cordless Hedge Trimmer',
          dailyRatePence: 1250,
          startDate: '2030-07-01',
          endDate: '2030-07-02',
          days: 2,
          imageUrl: null,
        },
      ]),
    );
    itemQuery({ data: testItem() });
    const { onClose } = renderPopup(range);
    await user.click(screen.getByRole('button', { name: 'Add to Wheelbarrow' }));
    expect(screen.getByText('This item is already in your wheelbarrow').closest('[role="status"]')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot book from Mock Data', () => {
    dataMode('mock');
    itemQuery({ data: testItem() });
    renderPopup(range);
    expect(screen.getByRole('button', { name: 'Add to Wheelbarrow' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Booking is unavailable while showing Mock Data')).toBeInTheDocument();
    // Nothing can be saved either: there is no account behind the sample catalogue.
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
  });

  it('closes on Escape and from the Close button', async () => {
    const user = userEvent.setup();
    itemQuery({ data: testItem() });
    const { onClose } = renderPopup();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('a deep link drawn by the server', () => {
  it('removes the HTML drawing of the popup once its own dialog is open over it', () => {
    const drawing = document.createElement('div');
    drawing.id = POPUP_FIRST_PAINT_ELEMENT_ID;
    document.body.append(drawing);
    itemQuery({ data: testItem() });
    renderPopup();
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
    expect(document.getElementById(POPUP_FIRST_PAINT_ELEMENT_ID)).toBeNull();
  });
});

describe("the owner's handover hours", () => {
  it('are shown under the owner, the days read out in full', async () => {
    itemQuery({ data: testItem() });
    renderPopup();
    const heading = await screen.findByRole('heading', { name: 'Hands over (London time)' });
    const list = heading.nextElementSibling as HTMLElement;
    expect(list.tagName).toBe('DL');
    const terms = within(list).getAllByRole('term');
    expect(terms.map((t) => t.textContent)).toEqual(['Mon–FriMonday to Friday', 'SatSaturday']);
    expect(
      within(list)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['08:00–10:00, 17:00–19:00', '09:00–12:00']);
  });

  it('are not asked for in Mock Data (the sample items have none)', async () => {
    dataMode('mock');
    itemQuery({ data: testItem() });
    renderPopup();
    expect(await screen.findByRole('heading', { name: testItem().name })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Hands over (London time)' })).not.toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/handover-hours'))).toBe(false);
  });
});

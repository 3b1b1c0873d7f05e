import type { WheelbarrowCheckResponse, WheelbarrowLineState } from '@toolshed/core/contract';
import { priceBasket } from '@toolshed/core';
import { json } from './fake-api.ts';
import type { FakeRequest } from './fake-server.ts';
import { WHEELBARROW_STORAGE_KEY, type WheelbarrowLine } from '../data/wheelbarrow-store.tsx';

/** Test helpers for the wheelbarrow, checkout and payment screens. */

export const mower: WheelbarrowLine = {
  itemId: 'item-mower',
  name: 'Petrol Lawn Mower',
  dailyRatePence: 1250,
  startDate: '2030-06-01',
  endDate: '2030-06-03',
  days: 3,
  imageUrl: '/media/mower-thumb.webp',
};

export const drill: WheelbarrowLine = {
  itemId: 'item-drill',
  name: 'Cordless Drill',
  dailyRatePence: 2000,
  startDate: '2030-06-10',
  endDate: '2030-06-11',
  days: 2,
  imageUrl: null,
};

/** Puts lines in the wheelbarrow as a previous visit would have left them. */
export function storeLines(lines: WheelbarrowLine[]): void {
  localStorage.setItem(WHEELBARROW_STORAGE_KEY, JSON.stringify(lines));
}

export function storedLines(): WheelbarrowLine[] {
  return JSON.parse(localStorage.getItem(WHEELBARROW_STORAGE_KEY) ?? '[]') as WheelbarrowLine[];
}

type LineOverride = Partial<Pick<WheelbarrowLineState, 'state' | 'message' | 'bookedByYou'>> & {
  dailyRatePence?: number;
  name?: string;
  bookingMode?: 'instant' | 'request';
  depositPence?: number;
};

/**
 * A `POST /api/wheelbarrow/check` route answering like the server: each asked line is 'ok' at the
 * price of the known line with that item id, unless `overrides` says otherwise.
 */
export function checkRoute(known: WheelbarrowLine[], overrides: Record<string, LineOverride> = {}) {
  return ({ body }: FakeRequest) => {
    const asked = (body as { lines: { itemId: string; startDate: string; endDate: string }[] }).lines;
    const lines: WheelbarrowLineState[] = asked.map((a) => {
      const base = known.find((k) => k.itemId === a.itemId)!;
      const o = overrides[a.itemId] ?? {};
      const days = Math.round((Date.parse(a.endDate) - Date.parse(a.startDate)) / 86_400_000) + 1;
      const rate = o.dailyRatePence ?? base.dailyRatePence;
      const missing = o.state === 'missing';
      return {
        itemId: a.itemId,
        state: o.state ?? 'ok',
        message: o.message ?? null,
        ...(o.bookedByYou ? { bookedByYou: true } : {}),
        item: missing
          ? null
          : {
              name: o.name ?? base.name,
              dailyRatePence: rate,
              minDays: 1,
              maxDays: 14,
              imageUrl: base.imageUrl,
              ...(o.bookingMode ? { bookingMode: o.bookingMode } : {}),
              ...(o.depositPence ? { depositPence: o.depositPence } : {}),
            },
        days,
        lineTotalPence: missing ? 0 : rate * days,
      };
    });
    const price = priceBasket(lines.filter((l) => l.state === 'ok').map((l) => ({ dailyRatePence: l.item!.dailyRatePence, days: l.days })));
    const answer: WheelbarrowCheckResponse = {
      lines,
      subtotalPence: price.subtotalPence,
      serviceFeePence: price.serviceFeePence,
      totalPence: price.totalPence,
    };
    return json(answer);
  };
}

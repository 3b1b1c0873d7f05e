import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EXPIRED_EXTENSION_MESSAGE,
  extensionExpiresAt,
  extensionPrice,
  extensionProblem,
  pendingExtensionRefusal,
} from './extension-rules.ts';
import { extensionPosting } from './ledger-postings.ts';
import { ledgerProblem } from './ledger.ts';
import { priceBasket } from './money.ts';

const rental = { state: 'active' as const, startDate: '2030-06-01', endDate: '2030-06-03', maxDays: 7 };

describe('extensionProblem', () => {
  it.each([
    [{ ...rental }, '2030-06-05', null],
    [{ ...rental, state: 'upcoming' as const }, '2030-06-07', null],
    [{ ...rental }, '2030-06-08', 'This item can be rented for at most 7 days, so this rental can end on 7 Jun 2030 at the latest.'],
    [{ ...rental }, '2030-06-03', 'Please choose an end date after 3 Jun 2030, the current one.'],
    [
      { ...rental, state: 'overdue' as const },
      '2030-06-05',
      'This rental is overdue, so it can no longer be extended. Please return the item.',
    ],
    [{ ...rental, state: 'completed' as const }, '2030-06-05', 'Only an upcoming or active rental can be extended.'],
    [{ ...rental, state: 'requested' as const }, '2030-06-05', 'This request has not been accepted yet, so it cannot be extended.'],
  ] as const)('%o to %s: %s', (r, end, message) => {
    expect(extensionProblem(r, end)).toBe(message);
  });
});

describe('extensionPrice: the whole new range by the shared pricing function, minus what was charged', () => {
  it('two more days at the daily rate, with their fee', () => {
    const charged = priceBasket([{ dailyRatePence: 1000, days: 3 }]);
    const price = extensionPrice(
      {
        dailyRatePence: 1000,
        weeklyRatePence: null,
        startDate: '2030-06-01',
        chargedLinePence: charged.subtotalPence,
        chargedFeePence: charged.serviceFeePence,
      },
      '2030-06-05',
    );
    expect(price).toEqual({ newLinePence: 5000, linePence: 2000, feePence: 200, totalPence: 2200 });
  });

  it('crossing into a full week uses the weekly price (and can cost less)', () => {
    const price = extensionPrice(
      { dailyRatePence: 1000, weeklyRatePence: 5000, startDate: '2030-06-01', chargedLinePence: 6000, chargedFeePence: 600 },
      '2030-06-07',
    );
    expect(price).toEqual({ newLinePence: 5000, linePence: -1000, feePence: -100, totalPence: -1100 });
  });

  it('charged so far plus the extension is always the whole new range priced once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (daily, weekly, days, more) => {
          const before = priceBasket([{ dailyRatePence: daily, weeklyRatePence: weekly, days }]);
          const start = '2030-06-01';
          const end = new Date(Date.UTC(2030, 5, days + more)).toISOString().slice(0, 10);
          const price = extensionPrice(
            {
              dailyRatePence: daily,
              weeklyRatePence: weekly,
              startDate: start,
              chargedLinePence: before.subtotalPence,
              chargedFeePence: before.serviceFeePence,
            },
            end,
          );
          const after = priceBasket([{ dailyRatePence: daily, weeklyRatePence: weekly, days: days + more }]);
          expect(before.totalPence + price.totalPence).toBe(after.totalPence);
          for (const paidWith of ['card', 'balance'] as const) {
            const posting = extensionPosting({
              rentalId: 'r',
              extensionId: 'x',
              paymentId: 'p',
              renterId: 'u',
              ownerId: 'o',
              linePence: price.linePence,
              feePence: price.feePence,
              paidWith,
            });
            if (posting) expect(ledgerProblem(posting.entries)).toBeNull();
          }
        },
      ),
    );
  });
});

describe('a pending extension of a request item', () => {
  it('holds its days 24 hours, or until its first extra day begins in London, the earlier', () => {
    expect(extensionExpiresAt(new Date('2030-06-01T09:00:00Z'), '2030-06-05').toISOString()).toBe('2030-06-02T09:00:00.000Z');
    // The rental ends on 2 June: the first extra day (3 June) begins at 23:00 UTC on 2 June (BST).
    expect(extensionExpiresAt(new Date('2030-06-02T09:00:00Z'), '2030-06-02').toISOString()).toBe('2030-06-02T23:00:00.000Z');
  });

  const pending = { expiresAt: new Date('2030-06-02T09:00:00Z') };
  const before = new Date('2030-06-02T08:59:59Z');
  const after = new Date('2030-06-02T09:00:00Z');

  it('is answered by the owner, withdrawn by the renter, expired by Toolshed, each only in its time', () => {
    expect(pendingExtensionRefusal('accept', pending, 'owner', before)).toBeNull();
    expect(pendingExtensionRefusal('decline', pending, 'owner', before)).toBeNull();
    expect(pendingExtensionRefusal('withdraw', pending, 'renter', before)).toBeNull();
    expect(pendingExtensionRefusal('expire', pending, 'system', before)).toBe('This extension is still waiting for the owner.');
    expect(pendingExtensionRefusal('expire', pending, 'system', after)).toBeNull();
  });

  it('once its hold has run out nobody answers or withdraws it, even before Toolshed closes it', () => {
    for (const [action, actor] of [
      ['accept', 'owner'],
      ['decline', 'owner'],
      ['withdraw', 'renter'],
    ] as const)
      expect(pendingExtensionRefusal(action, pending, actor, after)).toBe(EXPIRED_EXTENSION_MESSAGE);
  });

  it('refuses the wrong side, and when none is waiting', () => {
    expect(pendingExtensionRefusal('accept', pending, 'renter', before)).toBe('Only the owner can accept or decline an extension.');
    expect(pendingExtensionRefusal('withdraw', pending, 'owner', before)).toBe('Only the renter can withdraw an extension they asked for.');
    expect(pendingExtensionRefusal('withdraw', null, 'renter', before)).toBe('There is no extension of this rental waiting for the owner.');
    expect(pendingExtensionRefusal('accept', null, 'owner', before)).toBe('There is no extension of this rental waiting for an answer.');
    expect(pendingExtensionRefusal('expire', null, 'system', after)).toBe('This extension has already been answered.');
  });
});

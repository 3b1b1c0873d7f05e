import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { loadUnfinished, nextAttempt, outcomeUnknown, saveUnfinished } from './payment-attempt.ts';
import { describeFailure, PAYMENT_FAILED } from './payment-failure.ts';
import { formatCardNumber, formatExpiry } from '../../lib/card-format.ts';

const a = { itemId: 'a', startDate: '2030-06-01', endDate: '2030-06-02' };
const b = { itemId: 'b', startDate: '2030-06-05', endDate: '2030-06-06' };

describe('payment attempts', () => {
  it('keeps the key of an unfinished attempt for the same lines in any order, and makes a new one otherwise', () => {
    let n = 0;
    const key = () => `key-${++n}`;
    const first = nextAttempt(null, [a, b], key);
    expect(first.key).toBe('key-1');
    expect(nextAttempt(first, [b, a], key)).toBe(first);
    expect(nextAttempt(first, [a, { ...b, endDate: '2030-06-07' }], key).key).toBe('key-2');
  });

  it('keeps the key when the handover times are the same, and makes a new one when they changed', () => {
    let n = 0;
    const key = () => `key-${++n}`;
    const timed = { ...a, pickupTime: '09:00', returnTime: '17:00' };
    const first = nextAttempt(null, [timed, b], key);
    expect(nextAttempt(first, [b, { ...timed }], key)).toBe(first);
    expect(nextAttempt(first, [{ ...timed, pickupTime: '10:00' }, b], key).key).toBe('key-2');
    expect(nextAttempt(first, [{ ...timed, returnTime: '18:00' }, b], key).key).toBe('key-3');
    expect(nextAttempt(first, [a, b], key).key).toBe('key-4');
  });

  it.each([
    [new ApiError(0, 'NETWORK', 'offline'), true],
    [new ApiError(502, 'HTTP_502', 'Bad Gateway'), true],
    [new ApiError(409, 'CONFLICT', 'This payment is already being processed.', 'idempotencyKey'), true],
    [new ApiError(402, 'PAYMENT_FAILED', PAYMENT_FAILED, 'card'), false],
    [new ApiError(409, 'CONFLICT', 'Mower is already booked', 'lines'), false],
    [new ApiError(400, 'VALIDATION', 'Please enter a valid card number', 'card.number'), false],
  ])('knows whether the outcome of %s is unknown', (error, unknown) => {
    expect(outcomeUnknown(error)).toBe(unknown);
  });
});

describe('an unfinished attempt across a reload', () => {
  it("is kept in the tab's storage until the payment gets a clear answer", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    expect(loadUnfinished(storage)).toBeNull();
    const attempt = nextAttempt(null, [a], () => 'key-after-crash');
    saveUnfinished(attempt, storage);
    // After a reload, the same lines are paid for with the same key.
    expect(nextAttempt(loadUnfinished(storage), [a]).key).toBe('key-after-crash');
    saveUnfinished(null, storage);
    expect(loadUnfinished(storage)).toBeNull();
    store.set('toolshed.unfinished-payment', '{not json');
    expect(loadUnfinished(storage)).toBeNull();
  });
});

describe('payment failures', () => {
  it('keeps the person on the card page when the first try is still being processed', () => {
    const failure = describeFailure(
      new ApiError(
        409,
        'CONFLICT',
        'This payment is already being processed. Please wait a moment, then try again: you will not be charged twice.',
        'idempotencyKey',
      ),
    );
    expect(failure.fix).toBeNull();
    expect(failure.message).toMatch(/already being processed/);
    expect(describeFailure(new ApiError(409, 'CONFLICT', 'Mower is already booked', 'lines')).fix).toBe('checkout');
    // A balance spent meanwhile: pay again here, with what is left of it.
    const spent = describeFailure(new ApiError(409, 'CONFLICT', 'Your Toolshed balance changed while you were paying.', 'balance'));
    expect(spent).toMatchObject({ fix: null, message: 'Your Toolshed balance changed while you were paying.' });
  });

  it('puts a refused card field beside the field and an address problem on the way to the profile', () => {
    expect(describeFailure(new ApiError(400, 'VALIDATION', 'This card has expired', 'card.expiry')).field).toEqual({
      name: 'expiry',
      message: 'This card has expired',
    });
    expect(describeFailure(new ApiError(400, 'VALIDATION', 'Please add your address', 'address')).fix).toBe('address');
    expect(describeFailure(new ApiError(402, 'PAYMENT_FAILED', 'x', 'card')).message).toBe(PAYMENT_FAILED);
  });
});

describe('card formatting', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['378282246310005', '3782 822463 10005'],
    ['42424242424242424242', '4242 4242 4242 4242 424'],
  ])('groups %s as %s', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['12/30', '12/30'],
    ['123045', '12/30'],
  ])('writes the expiry %s as %s', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });
});

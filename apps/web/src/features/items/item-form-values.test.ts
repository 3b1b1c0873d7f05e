import { LOCATION_FIELDS_MESSAGE } from '@toolshed/core/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_ITEM_FORM, firstInvalidField, validateItemForm, type ItemFormValues } from './item-form-values.ts';

const filled: ItemFormValues = {
  ...EMPTY_ITEM_FORM,
  name: 'Hedge Trimmer',
  description: 'Cordless, 50 cm blade.',
  dailyRate: '12.50',
  categoryId: 'garden-tools',
  address: '1 High Street',
  city: 'Leeds',
  postcode: 'ls1 4ap',
};

describe('validateItemForm', () => {
  it('sends the deposit in pence and says beside the field when it is over £1,000 or negative', () => {
    const deposit = (typed: string) => validateItemForm({ ...filled, deposit: typed });
    expect(deposit('50')).toMatchObject({ ok: true, input: { depositPence: 5000 } });
    expect(deposit('')).toMatchObject({ ok: true, input: { depositPence: 0 } });
    expect(deposit('1000.01')).toEqual({ ok: false, errors: { deposit: 'The deposit can be at most £1,000' } });
    expect(deposit('-1')).toEqual({ ok: false, errors: { deposit: 'The deposit cannot be negative' } });
  });

  it('turns a valid form into the API input with the rate in pence', () => {
    const result = validateItemForm(filled);
    expect(result).toEqual({
      ok: true,
      input: {
        name: 'Hedge Trimmer',
        description: 'Cordless, 50 cm blade.',
        dailyRatePence: 1250,
        depositPence: 0,
        categoryId: 'garden-tools',
        minDays: 1,
        maxDays: 7,
        address: '1 High Street',
        city: 'Leeds',
        postcode: 'ls1 4ap',
        available: true,
        bookingMode: 'instant',
        bufferDays: 0,
        weeklyRatePence: null,
        requireVerifiedPhone: false,
        minCompletedRentals: 0,
        cancellationPolicy: 'flexible',
      },
    });
  });

  it.each([
    [{ address: '' }, 'address', LOCATION_FIELDS_MESSAGE],
    [{ postcode: '  ' }, 'address', LOCATION_FIELDS_MESSAGE],
    [{ postcode: 'NOT A CODE' }, 'postcode', 'Please enter a valid UK postcode'],
    [{ minDays: '5', maxDays: '3' }, 'maxDays', 'Maximum days must be at least the minimum days'],
    [{ dailyRate: '-1' }, 'dailyRate', 'The daily rate cannot be negative'],
    [{ dailyRate: '' }, 'dailyRate', 'Please enter a daily rate'],
    [{ dailyRate: '2.005' }, 'dailyRate', 'The daily rate can have at most two decimal places'],
    [{ minDays: '0' }, 'minDays', 'Minimum days must be at least 1'],
    [{ categoryId: '' }, 'categoryId', 'Please choose a category'],
    [{ name: '   ' }, 'name', 'Please enter a name'],
  ] as const)('with %o says %s: %s', (change, field, message) => {
    const result = validateItemForm({ ...filled, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });

  it('finds the first invalid field from the top of the form', () => {
    const result = validateItemForm({ ...EMPTY_ITEM_FORM, name: 'Saw' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(firstInvalidField(result.errors)).toBe('description');
  });
});

import { describe, expect, it } from 'vitest';
import { itemInputSchema, LOCATION_FIELDS_MESSAGE } from './items.ts';

const valid = {
  name: 'Drill',
  description: 'A drill',
  dailyRatePence: 1000,
  categoryId: 'power-tools',
  minDays: 1,
  maxDays: 7,
  address: '1 Road',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  available: true,
};

const messages = (input: unknown) => {
  const res = itemInputSchema.safeParse(input);
  return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('item form schema', () => {
  it('accepts a complete item and fills defaults', () => {
    expect(itemInputSchema.parse({ ...valid, available: undefined }).available).toBe(true);
  });

  it('lists every problem of an empty form, the location rule included', () => {
    expect(messages({})).toEqual(
      expect.arrayContaining([
        'name: Please enter a name',
        'description: Please enter a description',
        'categoryId: Please choose a category',
        `address: ${LOCATION_FIELDS_MESSAGE}`,
      ]),
    );
  });

  it('checks the rental lengths and the postcode even when another field is wrong', () => {
    expect(messages({ ...valid, name: '', minDays: 5, maxDays: 3 })).toEqual([
      'name: Please enter a name',
      'maxDays: Maximum days must be at least the minimum days',
    ]);
    expect(messages({ ...valid, description: '', postcode: 'NOPE' })).toEqual([
      'description: Please enter a description',
      'postcode: Please enter a valid UK postcode',
    ]);
  });
});

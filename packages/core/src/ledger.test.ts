import { describe, expect, it } from 'vitest';
import { ledgerProblem } from './ledger.ts';

describe('ledgerProblem', () => {
  it('accepts legs that sum to zero', () => {
    expect(
      ledgerProblem([
        { userId: 'r', account: 'card', amountPence: -1100 },
        { userId: 'o', account: 'pending', amountPence: 1000 },
        { userId: null, account: 'fees', amountPence: 100 },
      ]),
    ).toBeNull();
  });
  it.each([
    [[{ userId: 'a', account: 'available', amountPence: 5 }], 'at least two'],
    [
      [
        { userId: 'a', account: 'available', amountPence: 5 },
        { userId: 'b', account: 'available', amountPence: -4 },
      ],
      'sum to 1',
    ],
    [
      [
        { userId: 'a', account: 'available', amountPence: 0.5 },
        { userId: 'b', account: 'available', amountPence: -0.5 },
      ],
      'whole pence',
    ],
    [
      [
        { userId: 'a', account: 'fees', amountPence: 5 },
        { userId: 'b', account: 'available', amountPence: -5 },
      ],
      'fees account',
    ],
    [
      [
        { userId: null, account: 'available', amountPence: 5 },
        { userId: 'b', account: 'available', amountPence: -5 },
      ],
      'fees account',
    ],
  ] as const)('refuses %j', (legs, message) => {
    expect(ledgerProblem(legs)).toContain(message);
  });
});

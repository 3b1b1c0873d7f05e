import { describe, expect, it } from 'vitest';
import { ownerKeepsSentence } from './cancellation-policy-wording.ts';

describe("ownerKeepsSentence: the owner's share when a cancellation counts as the renter's", () => {
  const renter = { by: 'renter', renterName: 'Rita' } as const;

  it.each([
    [800, 880, 'Under the Strict policy you keep £8.00 and Rita gets £8.80 back.'],
    [1001, 0, 'Under the Strict policy you keep £10.01 and Rita gets nothing back.'],
    [0, 1101, 'Under the Strict policy Rita gets everything back (£11.01), so you keep nothing.'],
  ])('the renter cancelled: kept %i, refunded %i', (kept, refund, sentence) => {
    expect(ownerKeepsSentence(renter, 'strict', kept, refund)).toBe(sentence);
  });

  it('Toolshed cancelled at the deposit deadline: counted as the renter, with the refund share', () => {
    expect(ownerKeepsSentence({ by: 'deposit-deadline', refundPercent: 50 }, 'moderate', 800, 880)).toBe(
      "It counts as the renter's cancellation under your Moderate policy: you keep £8.00 of your earnings for it, and the renter gets £8.80 back (50%).",
    );
    expect(ownerKeepsSentence({ by: 'deposit-deadline', refundPercent: 0 }, 'strict', 1600, 0)).toBe(
      "It counts as the renter's cancellation under your Strict policy: you keep £16.00 of your earnings for it, and the renter gets £0.00 back (0%).",
    );
  });
});

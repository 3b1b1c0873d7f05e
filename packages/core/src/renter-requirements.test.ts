import { describe, expect, it } from 'vitest';
import { requirementsSummary, unmetRequirements, VERIFIED_PHONE_REASON } from './renter-requirements.ts';

describe('renter requirements', () => {
  it('asks nothing by default', () => {
    expect(
      unmetRequirements({ requireVerifiedPhone: false, minCompletedRentals: 0 }, { phoneVerified: false, completedRentals: 0 }),
    ).toEqual([]);
    expect(requirementsSummary({ requireVerifiedPhone: false, minCompletedRentals: 0 })).toBeNull();
  });

  it('names each requirement not met, with the renter’s own count', () => {
    expect(
      unmetRequirements({ requireVerifiedPhone: true, minCompletedRentals: 3 }, { phoneVerified: false, completedRentals: 1 }),
    ).toEqual([VERIFIED_PHONE_REASON, 'The owner asks for renters with at least 3 completed rentals; you have 1.']);
    expect(
      unmetRequirements({ requireVerifiedPhone: false, minCompletedRentals: 1 }, { phoneVerified: true, completedRentals: 0 }),
    ).toEqual(['The owner asks for renters with at least 1 completed rental; you have 0.']);
  });

  it('is met exactly at the minimum', () => {
    expect(unmetRequirements({ requireVerifiedPhone: true, minCompletedRentals: 3 }, { phoneVerified: true, completedRentals: 3 })).toEqual(
      [],
    );
  });

  it('sums them up for visitors', () => {
    expect(requirementsSummary({ requireVerifiedPhone: true, minCompletedRentals: 3 })).toBe(
      'Renters need a verified phone number and at least 3 completed rentals.',
    );
    expect(requirementsSummary({ requireVerifiedPhone: false, minCompletedRentals: 1 })).toBe('Renters need at least 1 completed rental.');
  });
});

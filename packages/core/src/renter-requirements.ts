/**
 * What an owner may ask of renters before they book an item: a verified phone number, and a number
 * of rentals completed as a renter (returned). Checked by the server when a line is added to the
 * wheelbarrow and at checkout; the item popup says why with the same words.
 */
export interface RenterRequirements {
  requireVerifiedPhone: boolean;
  /** 0 to 50; 0: none asked. */
  minCompletedRentals: number;
}

/** Where the signed-in renter stands against them. */
export interface RenterStanding {
  phoneVerified: boolean;
  /** Rentals they borrowed that were returned. */
  completedRentals: number;
}

export const MAX_MIN_COMPLETED_RENTALS = 50;
export const NO_RENTER_REQUIREMENTS: RenterRequirements = { requireVerifiedPhone: false, minCompletedRentals: 0 };

export const VERIFIED_PHONE_REASON = 'The owner asks for a verified phone number. Verify yours in your profile.';

const rentals = (n: number) => `${n} completed ${n === 1 ? 'rental' : 'rentals'}`;

/** Why this renter cannot book yet, one sentence a requirement; empty when they can. */
export function unmetRequirements(requirements: RenterRequirements, standing: RenterStanding): string[] {
  const reasons: string[] = [];
  if (requirements.requireVerifiedPhone && !standing.phoneVerified) reasons.push(VERIFIED_PHONE_REASON);
  if (standing.completedRentals < requirements.minCompletedRentals) {
    reasons.push(
      `The owner asks for renters with at least ${rentals(requirements.minCompletedRentals)}; you have ${standing.completedRentals}.`,
    );
  }
  return reasons;
}

/** What the item shows before anyone is signed in: 'Renters need a verified phone number and at least 3 completed rentals.' */
export function requirementsSummary(requirements: RenterRequirements): string | null {
  const parts: string[] = [];
  if (requirements.requireVerifiedPhone) parts.push('a verified phone number');
  if (requirements.minCompletedRentals > 0) parts.push(`at least ${rentals(requirements.minCompletedRentals)}`);
  return parts.length === 0 ? null : `Renters need ${parts.join(' and ')}.`;
}

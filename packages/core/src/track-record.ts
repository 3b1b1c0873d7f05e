/**
 * A member's track record, shown on their public page so neighbours can judge whom they lend to and
 * borrow from: what is verified, how many rentals they completed and whether they came back on time
 * (returned on or before the end date, in London), how often they lent, and how many claims the other
 * party of a rental made against them and had accepted.
 */
export interface TrackRecord {
  emailVerified: boolean;
  phoneVerified: boolean;
  /** Rentals they borrowed and returned. */
  rentalsCompleted: number;
  /** Of those, returned on or before the end date. */
  returnedOnTime: number;
  /** Rentals of their items that were returned. */
  lendingsCompleted: number;
  /**
   * Claims the other party of one of their rentals reported against them that were accepted: the
   * only way a claim is settled in the claimant's favour. A claim still open, disputed or with
   * support is not counted, nor one they made themselves.
   */
  claimsUpheldAgainst: number;
}

/** The badges beside the track record: 'Email verified', 'Phone verified', for what is verified. */
export function verifiedBadges(record: Pick<TrackRecord, 'emailVerified' | 'phoneVerified'>): string[] {
  return [...(record.emailVerified ? ['Email verified'] : []), ...(record.phoneVerified ? ['Phone verified'] : [])];
}

const times = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * '14 rentals, all returned on time', '3 rentals, 2 returned on time', 'No rentals yet'; for a member
 * who has lent but never borrowed, 'Not borrowed yet' (beside 'Lent once', 'No rentals yet' read as a
 * contradiction).
 */
export function returnsSummary(
  record: Pick<TrackRecord, 'rentalsCompleted' | 'returnedOnTime'> & Partial<Pick<TrackRecord, 'lendingsCompleted'>>,
): string {
  const { rentalsCompleted: done, returnedOnTime: onTime } = record;
  if (done === 0) return (record.lendingsCompleted ?? 0) > 0 ? 'Not borrowed yet' : 'No rentals yet';
  if (onTime === done) return done === 1 ? '1 rental, returned on time' : `${done} rentals, all returned on time`;
  return `${times(done, 'rental', 'rentals')}, ${onTime} returned on time`;
}

/** 'Lent 9 times', or null before the first. */
export function lendingsSummary(record: Pick<TrackRecord, 'lendingsCompleted'>): string | null {
  const n = record.lendingsCompleted;
  return n === 0 ? null : `Lent ${n === 1 ? 'once' : `${n} times`}`;
}

/**
 * '1 claim upheld against them', '3 claims upheld against them', 'No claims upheld'; on the member's
 * own profile 'against you'. Null for a member with no rentals either way and no claim upheld, where
 * 'No claims upheld' would say nothing.
 */
export function claimsSummary(
  record: Pick<TrackRecord, 'claimsUpheldAgainst' | 'rentalsCompleted' | 'lendingsCompleted'>,
  whom: 'them' | 'you' = 'them',
): string | null {
  const n = record.claimsUpheldAgainst;
  if (n === 0) return record.rentalsCompleted + record.lendingsCompleted === 0 ? null : 'No claims upheld';
  return `${times(n, 'claim', 'claims')} upheld against ${whom}`;
}

/**
 * How a member has cancelled (decision 037): as an owner, the bookings of their items they cancelled
 * out of all those booked (requests never accepted are not bookings); as a renter, their late
 * cancellations, those their policy refunded less than in full.
 */
export interface CancellationRecord {
  ownerCancelled: number;
  ownerBooked: number;
  renterLate: number;
}

/** 'Cancelled 1 of 40 rentals', 'Cancelled none of 12 rentals'; null before their items are first booked. */
export function ownerCancellationsSummary(record: Pick<CancellationRecord, 'ownerCancelled' | 'ownerBooked'>): string | null {
  const { ownerCancelled: n, ownerBooked: of } = record;
  if (of === 0) return null;
  return `Cancelled ${n === 0 ? 'none' : n} of ${times(of, 'rental', 'rentals')}`;
}

/** '1 late cancellation as a renter', '3 late cancellations as a renter'; null for none. */
export function lateCancellationsSummary(record: Pick<CancellationRecord, 'renterLate'>): string | null {
  const n = record.renterLate;
  return n === 0 ? null : `${times(n, 'late cancellation', 'late cancellations')} as a renter`;
}
